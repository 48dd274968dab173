import { useId, useRef, useState } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, DragEvent, ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { UploadIcon, XIcon } from '../../icons';
import { srOnly } from '../../theme/mixins';
import { FieldMessages, FieldWrapper, Label, RequiredMark, hasError, joinIds } from '../Field/Field';
import { formatBytes, parseAccept, validateFile } from './validateFile';

type NativeInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'accept' | 'value' | 'defaultValue' | 'children' | 'onChange'
>;

export interface FileInputProps extends NativeInputProps {
  label: ReactNode;
  hint?: ReactNode;
  /** An error from outside (e.g. the server). Rule violations found here are shown on their own. */
  error?: ReactNode;
  /** Accepted types: extensions (".csv") and/or MIME types ("text/csv", "audio/*"). */
  accept?: string | readonly string[];
  /** Largest accepted file size in bytes. */
  maxBytes?: number;
  /** Called with the accepted files (an empty list when cleared). */
  onFilesChange?: (files: File[]) => void;
  /** Called when a chosen or dropped file breaks the rules, with the message shown. */
  onReject?: (message: string, file: File) => void;
  /** Native change event, for form libraries. Only fired for files chosen through the dialog. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Text inside the drop zone. */
  prompt?: ReactNode;
}

const Zone = styled.div<{ $dragging: boolean; $invalid: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[6]};
  border: 2px dashed
    ${({ theme, $dragging, $invalid }) =>
      $invalid
        ? theme.colors.danger.main
        : $dragging
          ? theme.colors.primary.main
          : theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.primary.subtle : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  transition: background ${({ theme }) => theme.transitions.fast};

  &:focus-within {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: ${({ theme }) => theme.focusRing.offset};
  }
`;

// Visually hidden but focusable: Tab reaches it, Enter/Space open the file dialog natively.
const HiddenInput = styled.input`
  ${srOnly}
`;

const Browse = styled.label`
  color: ${({ theme }) => theme.colors.primary.main};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: underline;
  cursor: pointer;
`;

const Chosen = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ClearButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
  &:focus-visible {
    outline: ${({ theme }) => `${theme.focusRing.width} solid ${theme.focusRing.color}`};
  }
`;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A file picker with a drop zone and type/size rules. Rejected files are not passed on; the reason is
 * shown (role="alert"). `ref` reaches the native `<input type="file">`.
 */
export function FileInput({
  label,
  hint,
  error,
  accept,
  maxBytes,
  onFilesChange,
  onReject,
  onChange,
  prompt,
  multiple,
  required,
  disabled,
  id: idProp,
  className,
  ref,
  'aria-describedby': describedBy,
  ...inputProps
}: FileInputProps) {
  const generated = useId();
  const id = idProp ?? `file-${generated}`;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [rejection, setRejection] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const shownError = rejection ?? error;
  const hintId = hint || maxBytes !== undefined || accept ? `${id}-hint` : undefined;
  const errorId = hasError(shownError) ? `${id}-error` : undefined;
  const accepted = parseAccept(accept);

  const rulesText = [
    accepted.length > 0 ? `Accepted: ${accepted.join(', ')}` : null,
    maxBytes !== undefined ? `max ${formatBytes(maxBytes)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const take = (list: File[]) => {
    const chosen = multiple ? list : list.slice(0, 1);
    for (const file of chosen) {
      const message = validateFile(file, { accept, maxBytes });
      if (message) {
        setRejection(message);
        setFiles([]);
        if (inputRef.current) inputRef.current.value = '';
        onReject?.(message, file);
        onFilesChange?.([]);
        return;
      }
    }
    setRejection(null);
    setFiles(chosen);
    onFilesChange?.(chosen);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    // Check first: a rejected file is cleared from the input, so a form library reading the event sees none.
    take(Array.from(event.target.files ?? []));
    onChange?.(event);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = Array.from(event.dataTransfer?.files ?? []);
    if (dropped.length > 0) take(dropped);
  };

  const clear = () => {
    setFiles([]);
    setRejection(null);
    if (inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.focus();
    }
    onFilesChange?.([]);
  };

  return (
    <FieldWrapper className={className}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark>*</RequiredMark> : null}
      </Label>
      <Zone
        data-testid="file-drop-zone"
        $dragging={dragging}
        $invalid={hasError(shownError)}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
      >
        <UploadIcon size={28} />
        <HiddenInput
          {...inputProps}
          ref={(node: HTMLInputElement | null) => {
            inputRef.current = node;
            assignRef(ref, node);
          }}
          id={id}
          type="file"
          accept={accepted.length > 0 ? accepted.join(',') : undefined}
          multiple={multiple}
          required={required}
          disabled={disabled}
          aria-invalid={hasError(shownError) || undefined}
          aria-describedby={joinIds(hintId, errorId, describedBy)}
          onChange={handleChange}
        />
        <span>
          {prompt ?? (
            <>
              Drag and drop {multiple ? 'files' : 'a file'} here, or <Browse htmlFor={id}>browse</Browse>
            </>
          )}
        </span>
      </Zone>
      {files.length > 0 ? (
        <Chosen>
          <span>{files.map((file) => `${file.name} (${formatBytes(file.size)})`).join(', ')}</span>
          <ClearButton type="button" onClick={clear} aria-label="Remove file">
            <XIcon />
          </ClearButton>
        </Chosen>
      ) : null}
      <FieldMessages
        hint={
          hintId ? (
            <>
              {hint}
              {hint && rulesText ? ' — ' : null}
              {rulesText}
            </>
          ) : undefined
        }
        error={shownError}
        hintId={hintId}
        errorId={errorId}
      />
    </FieldWrapper>
  );
}
