export { Button, ButtonLink } from './Button';
export { ConfirmDialog } from './ConfirmDialog';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { Lightbox } from './Lightbox';
export { Loading, Spinner } from './Loading';
export { GRID_SIZES, MediaGrid } from './MediaGrid';
export { ResponsiveImage } from './ResponsiveImage';
export { SelectField, TextArea, TextField } from './TextField';
