import { useId, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Link, useNavigate } from '@platform/router';
import { useT } from '@platform/i18n';
import { skipToken } from '@platform/store';
import {
  SEARCH_QUERY_MAX_LENGTH,
  downloadsPage,
  pageUrl,
  projectPage,
  tasksPage,
} from '@platform/contracts/client';
import { SearchIcon, focusRing, useDebounced } from '@platform/ui';
import { useChromeDatasetSearchQuery, useChromeWorkspaceSearchQuery } from './chromeApi';

/** The search starts from this many characters. */
export const SEARCH_MIN_LENGTH = 2;

type Kind = 'tasks' | 'projects' | 'datasets';

interface Result {
  key: string;
  kind: Kind;
  label: string;
  detail: string;
  href: string;
}

const Root = styled.form`
  position: relative;
  flex: 1;
  max-width: 28rem;
`;

const Box = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  svg {
    position: absolute;
    left: ${({ theme }) => theme.space[3]};
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
`;

const Input = styled.input`
  width: 100%;
  min-height: ${({ theme }) => theme.controlHeights.md};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]} ${theme.space[2]} ${theme.space[10]}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  ${focusRing}
`;

const Popup = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[1]});
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  max-height: 24rem;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const GroupLabel = styled.div`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]} ${theme.space[1]}`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Option = styled(Link)`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &[aria-selected='true'],
  &:hover {
    background: ${({ theme }) => theme.colors.primary.subtle};
    color: ${({ theme }) => theme.colors.primary.subtleText};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Message = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const KINDS: readonly Kind[] = ['tasks', 'projects', 'datasets'];
const GROUP_LABELS: Record<Kind, string> = {
  tasks: 'topBar.resultsTasks',
  projects: 'topBar.resultsProjects',
  datasets: 'topBar.resultsDatasets',
};

/**
 * The top bar's search (WAI-ARIA combobox with a listbox popup): as the person types (from two characters,
 * when typing pauses) it finds their tasks and projects and the datasets, grouped by kind. Arrow keys move
 * through the results, Enter opens the one chosen, Escape closes the list (and clears the box when closed).
 */
export function WorkspaceSearch() {
  const t = useT();
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const q = useDebounced(typed);
  const searching = q.length >= SEARCH_MIN_LENGTH;
  const workspace = useChromeWorkspaceSearchQuery(searching ? q : skipToken);
  const datasets = useChromeDatasetSearchQuery(searching ? q : skipToken);

  const results: Result[] = searching
    ? [
        ...(workspace.currentData?.tasks ?? []).map((task) => ({
          key: `task-${task.id}`,
          kind: 'tasks' as const,
          label: task.description,
          detail: task.project,
          href: pageUrl(tasksPage, { q: task.description.slice(0, SEARCH_QUERY_MAX_LENGTH) }),
        })),
        ...(workspace.currentData?.projects ?? []).map((project) => ({
          key: `project-${project.id}`,
          kind: 'projects' as const,
          label: project.name,
          detail: project.client,
          href: pageUrl(projectPage, { id: project.id }),
        })),
        ...(datasets.currentData?.items ?? []).map((dataset) => ({
          key: `dataset-${dataset.id}`,
          kind: 'datasets' as const,
          label: dataset.name,
          detail: dataset.description,
          href: pageUrl(downloadsPage, { q: dataset.name.slice(0, SEARCH_QUERY_MAX_LENGTH) }),
        })),
      ]
    : [];
  const loading = searching && (workspace.isFetching || datasets.isFetching) && results.length === 0;
  const failed = searching && workspace.isError && datasets.isError;
  const expanded = open && searching;
  const showList = expanded && results.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (result: Result) => {
    close();
    setText('');
    navigate(result.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count) setActive((active + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count) setActive(active <= 0 ? count - 1 : active - 1);
        break;
      case 'Enter': {
        const chosen = showList && active >= 0 ? results[active] : undefined;
        if (chosen) {
          event.preventDefault();
          go(chosen);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  // Focus leaving the box and its list closes the list.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <Root role="search" onSubmit={(event) => event.preventDefault()} onBlur={onBlur}>
      <Box>
        <SearchIcon aria-hidden="true" />
        <Input
          id={inputId}
          type="text"
          role="combobox"
          aria-label={t('topBar.search')}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('topBar.searchPlaceholder')}
          value={text}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </Box>
      {expanded ? (
        <Popup>
          {showList ? (
            <div role="listbox" id={listId} aria-label={t('topBar.searchResults')}>
              {KINDS.map((kind) => {
                const items = results.filter((r) => r.kind === kind);
                if (items.length === 0) return null;
                // Results are in KINDS order, so a group's options are numbered from its first one.
                const start = results.findIndex((r) => r.kind === kind);
                const labelId = `${listId}-${kind}`;
                return (
                  <div role="group" aria-labelledby={labelId} key={kind}>
                    <GroupLabel id={labelId} role="presentation">
                      {t(GROUP_LABELS[kind])}
                    </GroupLabel>
                    {items.map((result, i) => (
                      <Option
                        key={result.key}
                        id={optionId(start + i)}
                        role="option"
                        aria-selected={start + i === active}
                        tabIndex={-1}
                        to={result.href}
                        onClick={() => {
                          close();
                          setText('');
                        }}
                        onMouseDown={(event) => event.preventDefault()}
                      >
                        <span translate="no">{result.label}</span>
                        {result.detail ? <small translate="no">{result.detail}</small> : null}
                      </Option>
                    ))}
                  </div>
                );
              })}
            </div>
          ) : (
            <Message role="status">
              {loading
                ? t('topBar.searching')
                : failed
                  ? t('topBar.searchFailed')
                  : t('topBar.noResults', { query: q })}
            </Message>
          )}
        </Popup>
      ) : null}
    </Root>
  );
}
