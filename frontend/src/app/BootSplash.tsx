/** Shown for the moment before the translations arrive; no text, so no language is assumed. */
export function BootSplash() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} aria-busy="true">
      <img src="/images/logo.svg" alt="" width="88" height="88" />
    </div>
  );
}
