import type { Notification, UiLocaleCode } from '@platform/contracts';
import { displayName } from '../accounts/names';
import type { UserDoc } from '../accounts/store';
import type { Mail } from '../accounts/mailer';
import { digestTexts } from '../accounts/mail-texts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A due date (YYYY-MM-DD) as the person's language writes it, or as it is where the language has no format. */
export function formatDay(day: string, locale: UiLocaleCode): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return day;
  }
}

/** One digest mail: every notification claimed, each with its project, task, due date and who. */
export function digestMail(
  user: Pick<UserDoc, 'email' | 'firstname' | 'lastname' | 'locale'>,
  items: readonly Notification[],
  publicUrl: string,
): Mail {
  const locale: UiLocaleCode = user.locale ?? 'en';
  const words = digestTexts(locale);
  const details = (item: Notification): [string, string][] => {
    const rows: [string, string][] = [];
    if (item.project) rows.push([words.project, item.project.name]);
    if (item.task) {
      rows.push([words.task, item.task.description]);
      rows.push([words.due, formatDay(item.task.dueDate, locale)]);
    }
    if (item.by) rows.push([words.by, item.by.name]);
    return rows;
  };
  const kind = (item: Notification) => words.kinds[item.kind as keyof typeof words.kinds] ?? item.kind;
  const dashboard = `${publicUrl.replace(/\/+$/, '')}/dashboard`;
  const text = [
    words.hello(displayName(user)),
    '',
    words.intro,
    '',
    ...items.flatMap((item) => [
      `• ${kind(item)}`,
      ...details(item).map(([label, value]) => `  ${label}: ${value}`),
      '',
    ]),
    dashboard,
    '',
    words.settings,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(words.hello(displayName(user)))}</p>`,
    `<p>${escapeHtml(words.intro)}</p>`,
    '<ul>',
    ...items.map(
      (item) =>
        `<li><strong>${escapeHtml(kind(item))}</strong>` +
        details(item)
          .map(([label, value]) => `<br>${escapeHtml(label)}: ${escapeHtml(value)}`)
          .join('') +
        '</li>',
    ),
    '</ul>',
    `<p><a href="${escapeHtml(dashboard)}">${escapeHtml(dashboard)}</a></p>`,
    `<p>${escapeHtml(words.settings)}</p>`,
  ].join('\n');
  return { to: user.email, subject: words.subject(items.length), text, html };
}
