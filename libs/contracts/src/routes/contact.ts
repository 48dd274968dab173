import { ContactBody, ContactReply } from '../contact';
import { defineRoute } from '../route';

/** The marketing site's contact form (answered by the gateway, which sends the mail). */
export const postContact = defineRoute({
  name: 'postContact',
  method: 'POST',
  path: '/api/contact',
  owner: 'gateway',
  access: 'public',
  summary: 'Send the contact form',
  tag: 'contact',
  body: ContactBody,
  reply: { 200: ContactReply },
  errors: [429],
});
