// A page of the site declared once: its path, the remote that serves it, its layout, title and description
// keys, who may see it, where the navigation shows it and the query parameters it reads. The remote
// catalogue (and so /remotes.json), each remote's route module, the shell's navigation and every link are
// built from these declarations (pages/, one file per page). Plain values only: a browser bundle carries
// the declarations it uses.
import type { ROLES } from './vocabularies';

export type LayoutKind = 'public' | 'contributor' | 'app';

/** The remote catalogue's short keys (remotes.ts): which federated remote serves a page. */
export type RemoteKey = 'marketing' | 'auth' | 'contribute' | 'datasets' | 'workspace';

type Role = (typeof ROLES)[number];

/**
 * Who may see a page. `public`: everyone, signed in or not (a page of the signed-in layouts declared public
 * is one the catalogue flags `signedOut: 'allowed'`). `signedIn`: a signed-out visitor is sent to sign in.
 * `{ roles }`: signed in with one of these roles; anyone else signed in is told the page is not found.
 */
export type PageAccess = 'public' | 'signedIn' | { roles: readonly Role[] };

/**
 * How a query parameter reads: `text` (trimmed; empty is absent), `page` (a page number: a whole number
 * from 1), or a list of the values it may take. A value that does not read so is ignored.
 */
export type QueryParamKind = 'text' | 'page' | readonly string[];
export type PageQuerySpec = Readonly<Record<string, QueryParamKind>>;

/** The groups of the app layout's sidebar, in their order; each group's label is `nav.<group>` (shell). */
export const SIDEBAR_GROUPS = ['datasets', 'specializedModel'] as const;
export type SidebarGroup = (typeof SIDEBAR_GROUPS)[number];

/** The columns of the public site's footer that list pages (mf_marketing). */
export type FooterColumn = 'data' | 'community';

/**
 * Where the navigation shows a page; absent, nowhere (the page is reached by links). Each `label` is a key of
 * the catalogue of whoever draws that navigation: the shell's for the sidebar, the contributor tabs and the
 * contributor header's menus, mf_marketing's for the public footer. `order` sorts the entries of one place
 * (a sidebar group sits where its first entry would).
 */
export interface PageNav {
  sidebar?: { label: string; order: number; group?: SidebarGroup };
  contributorTabs?: { label: string; order: number };
  /** A menu of the contributor layout's header (DOWNLOAD, ABOUT): the menu's label and the entry's. */
  contributorHeader?: { menu: string; label: string; order: number };
  publicFooter?: { column: FooterColumn; label: string; order: number };
}

export interface PageInput {
  /** Unique among pages; also the declaration's export name without `Page` (signinPage: 'signin'). */
  name: string;
  /** The address, React Router style; a `:name` segment is a path parameter. */
  path: string;
  remote: RemoteKey;
  layout: LayoutKind;
  /** Keys of the owning remote's catalogue: the page's title (h1 and document title), its meta description. */
  title: string;
  description?: string;
  access: PageAccess;
  nav?: PageNav;
  query?: PageQuerySpec;
  /**
   * Route names (GET, no parameters) the page asks for as soon as it is drawn, before anything is chosen on
   * it: the gateway hints them with the page to a signed-in visitor, so on a slow link their answers arrive
   * beside the page's scripts instead of after them.
   */
  firstCalls?: readonly string[];
}

export type PageDeclaration<I extends PageInput = PageInput> = Readonly<I>;

/** Declares a page (see pages/): the declaration is returned as it is, typed for pageUrl and the filters. */
export function definePage<const I extends PageInput>(input: I): PageDeclaration<I> {
  return input;
}

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type QueryParamValue<K> = K extends 'page'
  ? number
  : K extends 'text'
    ? string
    : K extends readonly (infer V)[]
      ? V
      : never;

type SpecOf<P> = P extends { query: infer Q } ? Q : Record<never, never>;

/** A page's query parameters as values, each optional: what a link may set, what the address may carry. */
export type PageQuery<P> = { -readonly [K in keyof SpecOf<P>]?: QueryParamValue<SpecOf<P>[K]> };

/** What pageUrl takes: the path's parameters (required) and the declared query parameters (optional). */
export type PageUrlParams<P extends PageDeclaration> = PageQuery<P> & {
  [K in PathParamNames<P['path']>]: string | number;
};

type PageUrlArgs<P extends PageDeclaration> = [PathParamNames<P['path']>] extends [never]
  ? [params?: PageUrlParams<P>, options?: { hash?: string }]
  : [params: PageUrlParams<P>, options?: { hash?: string }];

const encode = (value: string | number) => encodeURIComponent(String(value));

/**
 * The address of a page: its path with the path parameters filled in, then the given query parameters in
 * the declaration's order (an absent or empty one left out), then `#hash`.
 * `pageUrl(tasksPage, { status: 'completed' })` is `/tasks?status=completed`.
 */
export function pageUrl<P extends PageDeclaration>(page: P, ...[params, options]: PageUrlArgs<P>): string {
  const values = (params ?? {}) as Readonly<Record<string, string | number | undefined>>;
  const path = page.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '')
      throw new Error(`Missing path parameter '${name}' for ${page.path}`);
    return encode(value);
  });
  const query = Object.keys(page.query ?? {})
    .filter((name) => values[name] !== undefined && values[name] !== '')
    .map((name) => `${encode(name)}=${encode(values[name]!)}`);
  const hash = options?.hash ? `#${options.hash}` : '';
  return `${path}${query.length > 0 ? `?${query.join('&')}` : ''}${hash}`;
}

function readParam(kind: QueryParamKind, raw: string | null): string | number | undefined {
  if (raw === null) return undefined;
  if (kind === 'page') {
    const n = Number(raw);
    return Number.isInteger(n) && n >= 1 ? n : undefined;
  }
  if (kind === 'text') return raw.trim() || undefined;
  return kind.includes(raw) ? raw : undefined;
}

/** The declared query parameters an address carries, each read by its kind; anything else is left out. */
export function readPageQuery<P extends PageDeclaration>(page: P, search: URLSearchParams): PageQuery<P> {
  const read: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(page.query ?? {})) {
    const value = readParam(kind, search.get(name));
    if (value !== undefined) read[name] = value;
  }
  return read as PageQuery<P>;
}

/**
 * The query string after `patch`: each declared parameter it names takes its value (left out when absent,
 * empty or equal to its default, so a plain view keeps a plain address), the others keep theirs; a patch
 * that names no `page` parameter goes back to the first page, as any change of filters must. Parameters the
 * page does not declare are kept as they were.
 */
export function writePageQuery<P extends PageDeclaration>(
  page: P,
  current: URLSearchParams,
  patch: PageQuery<P>,
  defaults: PageQuery<P> = {},
): URLSearchParams {
  const spec = page.query ?? {};
  const values: Record<string, unknown> = { ...readPageQuery(page, current) };
  for (const [name, kind] of Object.entries(spec)) {
    if (name in patch) values[name] = (patch as Record<string, unknown>)[name];
    else if (kind === 'page') delete values[name];
  }
  const next = new URLSearchParams();
  for (const name of Object.keys(spec)) {
    const value = values[name];
    if (value === undefined || value === '' || value === (defaults as Record<string, unknown>)[name])
      continue;
    next.set(name, String(value));
  }
  current.forEach((value, name) => {
    if (!(name in spec)) next.append(name, value);
  });
  return next;
}

/** The page a path shows, if any page declares it (path parameters match any one segment). */
export function pageAt<P extends PageDeclaration>(pages: readonly P[], pathname: string): P | undefined {
  return pages.find((page) => {
    const pattern = page.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
    return new RegExp(`^${pattern}/?$`).test(pathname);
  });
}
