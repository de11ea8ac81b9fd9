/**
 * A question with two answers (abandon an extension, cancel a schedule, send feedback): the dialog,
 * the answer that keeps things as they are first (it gets the focus; Escape gives it too), and the
 * one that acts, busy while it does. The keeping answer is disabled meanwhile.
 */
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  keepLabel: string;
  onKeep: () => void;
  actLabel: string;
  onAct: () => void;
  /** The acting answer's request is under way. */
  busy: boolean;
}

export function ConfirmDialog({ open, title, children, keepLabel, onKeep, actLabel, onAct, busy }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onKeep}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={onKeep}>
            {keepLabel}
          </Button>
          <Button busy={busy} onClick={onAct}>
            {actLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
