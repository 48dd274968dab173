import { NEWSLETTER_CONFIRM_HOURS, type UiLocaleCode } from '@platform/contracts';
import type { Mail } from '../accounts/mailer';
import type { InquiryDoc } from './store';
import { newsletterTexts } from './newsletter-texts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Header values stay on one line whatever a visitor typed. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The operators' copy of a contact inquiry: who wrote, how to answer them (Reply-To), and what about. */
export function contactMail(inquiry: Omit<InquiryDoc, '_id'>, to: string): Mail {
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`);
  const rows: [string, string][] = [
    ['Name', name],
    ['E-mail', inquiry.email],
    ['Interest', inquiry.interest],
    ['Languages', inquiry.languages || '(none given)'],
    ['Interface language', inquiry.locale],
    ['Sent', inquiry.createdAt.toISOString()],
  ];
  return {
    to,
    replyTo: inquiry.email,
    subject: oneLine(`Contact form: ${inquiry.interest}, from ${name}`),
    text: [
      'A visitor sent the contact form on the landing page.',
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      'Reply to this e-mail to answer them.',
    ].join('\n'),
    html: [
      '<p>A visitor sent the contact form on the landing page.</p>',
      '<table>',
      ...rows.map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      '<p>Reply to this e-mail to answer them.</p>',
    ].join('\n'),
  };
}

export const newsletterLink = (publicUrl: string, kind: 'confirm' | 'unsubscribe', token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/newsletter?${kind}=${encodeURIComponent(token)}`;

/**
 * Every newsletter mail goes through here, so each one ends with the address's unsubscribe link (also as
 * List-Unsubscribe would, in words, in the recipient's language).
 */
export function newsletterMail(
  parts: { to: string; subject: string; text: string[]; html: string[] },
  locale: UiLocaleCode,
  unsubscribeUrl: string,
): Mail {
  const words = newsletterTexts(locale);
  return {
    to: parts.to,
    subject: parts.subject,
    text: [...parts.text, '', '--', words.unsubscribe, unsubscribeUrl].join('\n'),
    html: [
      ...parts.html,
      '<hr>',
      `<p>${escapeHtml(words.unsubscribe)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(
        words.unsubscribeButton,
      )}</a></p>`,
    ].join('\n'),
  };
}

/** The double opt-in mail: the confirmation link, then (as in every newsletter mail) the unsubscribe link. */
export function newsletterConfirmMail(
  to: string,
  locale: UiLocaleCode,
  confirmUrl: string,
  unsubscribeUrl: string,
): Mail {
  const words = newsletterTexts(locale);
  const hours = NEWSLETTER_CONFIRM_HOURS;
  return newsletterMail(
    {
      to,
      subject: words.confirmSubject,
      text: [words.intro, '', words.confirm, '', confirmUrl, '', words.expires(hours), words.ignore],
      html: [
        `<p>${escapeHtml(words.intro)}</p>`,
        `<p>${escapeHtml(words.confirm)}</p>`,
        `<p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(words.confirmButton)}</a></p>`,
        `<p>${escapeHtml(confirmUrl)}</p>`,
        `<p>${escapeHtml(words.expires(hours))} ${escapeHtml(words.ignore)}</p>`,
      ],
    },
    locale,
    unsubscribeUrl,
  );
}
