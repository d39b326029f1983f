/**
 * The overlays fetch their code when first opened: the pages that offer them (the home page
 * above all) paint and hydrate without it. Closed, they render nothing, as the overlays do.
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import type { Dialog } from './Dialog';
import type { Lightbox } from './Lightbox';

const DialogCode = lazy(() => import('./Dialog').then((module) => ({ default: module.Dialog })));
const LightboxCode = lazy(() => import('./Lightbox').then((module) => ({ default: module.Lightbox })));

export function LazyDialog(props: ComponentProps<typeof Dialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogCode {...props} />
    </Suspense>
  );
}

export function LazyLightbox(props: ComponentProps<typeof Lightbox>) {
  if (props.index === null) return null;
  return (
    <Suspense fallback={null}>
      <LightboxCode {...props} />
    </Suspense>
  );
}
