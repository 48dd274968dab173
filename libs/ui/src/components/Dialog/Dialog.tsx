import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { XIcon } from '../../icons';
import { focusRing } from '../../theme/mixins';
import { getFocusable } from './focusable';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and (unless disabled) a click on the backdrop. */
  onClose: () => void;
  /** Heading; names the dialog (aria-labelledby). */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons along the bottom. */
  footer?: ReactNode;
  /** Element to focus on open; defaults to the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnBackdropClick?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Label of the close button. */
  closeLabel?: string;
}

const widths = { sm: '24rem', md: '32rem', lg: '48rem' } as const;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div<{ $size: keyof typeof widths }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  width: 100%;
  max-width: ${({ $size }) => widths[$size]};
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.xl};
  &:focus {
    outline: none;
  }
`;

const Title = styled.h2`
  margin: 0;
  padding-right: ${({ theme }) => theme.space[8]};
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CloseButton = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[4]};
  right: ${({ theme }) => theme.space[4]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  ${focusRing}
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/**
 * A modal dialog in a portal: focus moves in on open, Tab is trapped inside, Escape closes, and focus
 * returns to the element that had it before opening.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  initialFocusRef,
  closeOnBackdropClick = true,
  size = 'md',
  closeLabel = 'Close',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const target = initialFocusRef?.current ?? (panel ? getFocusable(panel)[0] : undefined) ?? panel;
    target?.focus();

    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Give focus back to what opened the dialog, if it is still in the page.
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = getFocusable(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Backdrop
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // Keep focus inside the dialog (the backdrop is not focusable, so a click would move it to <body>).
        event.preventDefault();
        if (closeOnBackdropClick) onCloseRef.current();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $size={size}
        onKeyDown={onKeyDown}
      >
        <Title id={titleId}>{title}</Title>
        {description ? <Description id={descriptionId}>{description}</Description> : null}
        {children}
        {footer ? <Footer>{footer}</Footer> : null}
        <CloseButton type="button" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
          <XIcon />
        </CloseButton>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
