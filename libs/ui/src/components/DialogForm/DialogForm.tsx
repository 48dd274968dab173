import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button/Button';
import { Dialog, type DialogProps } from '../Dialog/Dialog';
import { FormStack } from '../FormLayout/FormLayout';

export interface DialogFormProps {
  /** Open unless false. */
  open?: boolean;
  /** Cancel, Escape and the close button. */
  onClose: () => void;
  title: ReactNode;
  /** The close button's name. */
  closeLabel: string;
  cancelLabel: ReactNode;
  submitLabel: ReactNode;
  /** The form is being sent: the submit button shows it. */
  busy?: boolean;
  size?: DialogProps['size'];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * The fields' errors: each new value (a refused submit) takes the focus to the first field that says what
   * is wrong, which may be scrolled out of view: an invalid control, or the first box of a group with an error.
   */
  errors?: object;
  children: ReactNode;
}

const FIRST_REFUSED = '[aria-invalid="true"], [data-group-error] input';

/** A form in a dialog, its fields one under another, with Cancel and the submit button along the bottom. */
export function DialogForm({
  open = true,
  onClose,
  title,
  closeLabel,
  cancelLabel,
  submitLabel,
  busy = false,
  size = 'lg',
  onSubmit,
  errors,
  children,
}: DialogFormProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(FIRST_REFUSED)?.focus();
  }, [errors]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size={size}
      closeLabel={closeLabel}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <FormStack ref={formRef} id={formId} noValidate onSubmit={onSubmit}>
        {children}
      </FormStack>
    </Dialog>
  );
}
