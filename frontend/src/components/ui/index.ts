export { Button } from './Button';
export { ConfirmDialog } from './ConfirmDialog';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { Loading, Spinner } from './Loading';
export { SelectField, TextArea, TextField } from './TextField';
