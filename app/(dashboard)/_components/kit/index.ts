// The dashboard's component kit: every page builds its controls and states from these.
export { Alert, ErrorLine } from './alert';
export { Button, buttonClass, buttonClasses, dangerClass, primaryClass, RowButton } from './button';
export { Check } from './check';
export { ConfirmDialog, ConfirmRemoval } from './confirm-dialog';
export { DataTable, type Column } from './data-table';
export { Dialog } from './dialog';
export { EmptyState } from './empty-state';
export { inputClass, SelectField, TextArea, TextField } from './field';
export { FormActions } from './form-actions';
export { ListSkeleton } from './list-skeleton';
export { ListStates } from './list-states';
export { ResourcePanel, type ResourceRemoval } from './resource-panel';
export { Panel } from './panel';
export { TableHead } from './table-head';
export { ToastProvider, useToast } from './toast';
