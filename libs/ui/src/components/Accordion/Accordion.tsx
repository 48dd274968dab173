import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ChevronDownIcon } from '../../icons';
import { focusRing } from '../../theme/mixins';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Controlled open item id, or null for all closed. */
  value?: string | null;
  /** Uncontrolled initially open item id. */
  defaultValue?: string | null;
  onValueChange?: (id: string | null) => void;
  /** Heading level wrapping each trigger, to fit the page outline. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

const Root = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Item = styled.div`
  & + & {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Trigger = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[5]}`};
  border: 0;
  background: transparent;
  text-align: left;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  ${focusRing}
  &:focus-visible {
    outline-offset: -3px;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  svg {
    flex: none;
    transition: transform ${({ theme }) => theme.transitions.normal};
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

const Panel = styled.div`
  padding: ${({ theme }) => `0 ${theme.space[5]} ${theme.space[4]}`};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Disclosure list with at most one item open; activating the open item closes it. */
export function Accordion({
  items,
  value,
  defaultValue = null,
  onValueChange,
  headingLevel = 3,
  className,
}: AccordionProps) {
  const baseId = useId();
  const [internal, setInternal] = useState<string | null>(defaultValue);
  const open = value !== undefined ? value : internal;

  const toggle = (id: string) => {
    const next = open === id ? null : id;
    if (value === undefined) setInternal(next);
    onValueChange?.(next);
  };

  return (
    <Root className={className}>
      {items.map((item) => {
        const isOpen = item.id === open;
        const triggerId = `${baseId}-trigger-${item.id}`;
        const panelId = `${baseId}-panel-${item.id}`;
        return (
          <Item key={item.id}>
            <Heading as={`h${headingLevel}`}>
              <Trigger
                type="button"
                id={triggerId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                {item.title}
                <ChevronDownIcon />
              </Trigger>
            </Heading>
            <Panel id={panelId} role="region" aria-labelledby={triggerId} hidden={!isOpen}>
              {item.content}
            </Panel>
          </Item>
        );
      })}
    </Root>
  );
}
