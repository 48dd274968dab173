import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authCodeFor,
  AVATAR_FILE_FIELD,
  deleteAccount,
  deleteAvatar,
  getNotificationSettings,
  getProfile,
  normalizeEmail,
  passwordProblem,
  postAvatar,
  postEmailChange,
  postSignOutEverywhere,
  putNotificationSettings,
  putPassword,
  putProfile,
} from '@platform/contracts';
import { HttpError, readMultipart, routeModule, serveRoute } from '@platform/service-kit';
import { eraseAccount } from '../../account-deletion/erase-account';
import { currentAccount } from '../../accounts/current-account';
import { emailAddressProblem } from '../../accounts/email-address';
import { nameFields } from '../../accounts/names';
import { closeSessionsOf, refreshSessionsOf } from '../../accounts/sessions';
import type { UserDoc } from '../../accounts/store';
import { emailChangeNoticeMail, sendEmailChange } from '../../accounts/verification';
import type { GatewayContext } from '../../context';
import { noStoreUnlessSaid } from '../../edge/no-store';
import { keyedLimiter } from '../../edge/rate-limits/keyed-limiter';
import { AvatarTooLargeError, sniffImage, toAvatar } from '../../settings/avatar-image';
import { notificationSettingsView } from '../../settings/notification-settings';
import { profileView } from '../../settings/profile-view';

/** Bytes enough to tell the accepted image formats apart (WebP's tag sits at 8–11). */
const SNIFF_BYTES = 12;

/**
 * Reads an avatar part as it streams (readMultipart refuses it past the declared size): bytes that do not start
 * like an accepted image are refused as soon as the first few arrive, without reading the rest.
 */
async function readImagePart(file: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  let sniffed = false;
  for await (const chunk of file) {
    chunks.push(chunk);
    length += chunk.length;
    if (!sniffed && length >= SNIFF_BYTES) {
      sniffed = true;
      if (!sniffImage(Buffer.concat(chunks))) throw new HttpError(415, 'avatar.not_image');
    }
  }
  return Buffer.concat(chunks, length);
}

/** Settings bodies are a few short fields (the avatar is multipart, with its own limit). */
const BODY_LIMIT = 16 * 1024;

/** Settings (Profile, Account, Notifications) of the person behind the session cookie. */
export default routeModule<GatewayContext>(
  [
    getProfile,
    putProfile,
    postAvatar,
    deleteAvatar,
    postEmailChange,
    putPassword,
    postSignOutEverywhere,
    deleteAccount,
    getNotificationSettings,
    putNotificationSettings,
  ],
  async (app, ctx) => {
    const { hasher, mailer, publicUrl, now, sessionCache, cookie } = ctx;
    const { accounts, settings, apiTokens } = ctx.stores;
    noStoreUnlessSaid(app);
    // The avatar's limits come from its declaration, through readMultipart.
    await app.register(multipart);

    const passwordChecks = keyedLimiter(app, 'passwordCheck', ctx.passwordChecks);

    const me = (request: FastifyRequest & { identity: { id: string } }) => currentAccount(accounts, request);

    /** 422 unless `password` is the person's current one; 429 past the per-person limit of checks. */
    const checkPassword = async (
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserDoc,
      password: string,
    ) => {
      const verdict = await passwordChecks(request, user._id.toHexString());
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new HttpError(429, 'rate_limit.exceeded');
      }
      if (!(await hasher.verify(password, user.passwordHash))) {
        throw new HttpError(422, 'account.password_incorrect');
      }
    };

    // ---- Profile ----

    serveRoute(app, getProfile, async (request) => profileView(await me(request)));

    serveRoute(
      app,
      putProfile,
      async (request) => {
        const user = await me(request);
        const { fullName, username, bio, languages } = request.body;
        if (new Set(languages.map((l) => l.language)).size !== languages.length) {
          throw new HttpError(400, 'validation.failed', 'Each language may be listed once.');
        }
        const updated = await accounts.saveProfile(user._id, {
          ...nameFields(fullName),
          bio: bio.trim(),
          languages,
          username,
        });
        if (updated === 'username_taken') throw new HttpError(409, 'profile.username_taken');
        if (!updated) throw new HttpError(401, 'auth.not_signed_in');
        await refreshSessionsOf(accounts, sessionCache, user._id);
        return profileView(updated);
      },
      { bodyLimit: BODY_LIMIT },
    );

    // ---- Avatar ----

    serveRoute(app, postAvatar, async (request) => {
      const user = await me(request);
      // Set from the callback: typed wide so the checks below are not narrowed away.
      let bytes = null as Buffer | null;
      await readMultipart(request, postAvatar, {
        file: async (_name, stream) => {
          bytes = await readImagePart(stream);
        },
      });
      if (!bytes) {
        throw new HttpError(400, 'validation.failed', `Send the image as the '${AVATAR_FILE_FIELD}' file.`);
      }
      // The bytes decide, never the name or the declared type.
      if (!sniffImage(bytes)) throw new HttpError(415, 'avatar.not_image');
      let image: Buffer;
      try {
        image = await toAvatar(bytes);
      } catch (err) {
        if (err instanceof AvatarTooLargeError) throw new HttpError(413, 'avatar.too_many_pixels');
        request.log.info({ err }, 'avatar could not be decoded');
        throw new HttpError(422, 'avatar.not_image');
      }
      // A version that only grows, so a new image never reuses an old URL a browser may have cached.
      const version = Math.max(now(), (user.avatarVersion ?? 0) + 1);
      await settings.saveAvatar(user._id, image, version, now());
      const updated = await accounts.setAvatarVersion(user._id, version);
      if (!updated) throw new HttpError(401, 'auth.not_signed_in');
      return profileView(updated);
    });

    serveRoute(app, deleteAvatar, async (request) => {
      const user = await me(request);
      await settings.deleteAvatar(user._id);
      const updated = await accounts.setAvatarVersion(user._id, null);
      if (!updated) throw new HttpError(401, 'auth.not_signed_in');
      return profileView(updated);
    });

    // ---- Account ----

    serveRoute(
      app,
      postEmailChange,
      async (request, reply) => {
        const user = await me(request);
        await checkPassword(request, reply, user, request.body.currentPassword);
        const problem = emailAddressProblem(request.body.email);
        if (problem) throw new HttpError(400, authCodeFor(problem), problem);
        const email = normalizeEmail(request.body.email);
        if (email === user.email) throw new HttpError(422, 'account.email_same');
        if (await accounts.hasAccount(email)) throw new HttpError(409, 'auth.email_taken');
        await accounts.setPendingEmail(user._id, email);
        // Whoever else is signed in as this person is signed out, as for a new password: the change is asked
        // for from this session, which stays.
        await closeSessionsOf(accounts, sessionCache, user._id, cookie.read(request));
        try {
          await sendEmailChange({ accounts, mailer, publicUrl, log: request.log }, user, email, now());
        } catch (err) {
          // The change waits; asking again sends a new link.
          request.log.error({ err }, 'e-mail change link could not be sent');
        }
        try {
          // The address that is still the account's hears of it, so an owner who did not ask can act.
          await mailer.send(emailChangeNoticeMail(user, email));
        } catch (err) {
          request.log.error({ err }, 'e-mail change notice to the current address could not be sent');
        }
        return reply.code(202).send({ pendingEmail: email });
      },
      { bodyLimit: BODY_LIMIT },
    );

    serveRoute(
      app,
      putPassword,
      async (request, reply) => {
        const user = await me(request);
        const { currentPassword, newPassword, confirmPassword } = request.body;
        await checkPassword(request, reply, user, currentPassword);
        if (newPassword !== confirmPassword) throw new HttpError(422, 'account.passwords_differ');
        const problem = passwordProblem(newPassword);
        if (problem) throw new HttpError(422, authCodeFor(problem), problem);
        const passwordHash = await hasher.hash(newPassword);
        // A change of address still waiting is cancelled with the old password: its link may be someone else's.
        await accounts.setPassword(user._id, passwordHash);
        // Whoever else was signed in as this person is signed out, and every API token made under the old
        // password stops working; this browser stays signed in.
        const ended = await closeSessionsOf(accounts, sessionCache, user._id, cookie.read(request));
        await apiTokens.revokeAll(user._id, now());
        return { ended };
      },
      { bodyLimit: BODY_LIMIT },
    );

    serveRoute(app, postSignOutEverywhere, async (request, reply) => {
      const user = await me(request);
      const ended = await closeSessionsOf(accounts, sessionCache, user._id);
      // Signing out everywhere ends every credential: API tokens too.
      await apiTokens.revokeAll(user._id, now());
      cookie.clear(request, reply);
      return { ended };
    });

    serveRoute(
      app,
      deleteAccount,
      async (request, reply) => {
        const user = await me(request);
        await checkPassword(request, reply, user, request.body.currentPassword);
        await eraseAccount({ stores: ctx.stores, ...ctx.erasure, sessionCache }, user);
        cookie.clear(request, reply);
        return { done: true as const };
      },
      { bodyLimit: BODY_LIMIT },
    );

    // ---- Notifications ----

    serveRoute(app, getNotificationSettings, async (request) => {
      const user = await me(request);
      return notificationSettingsView(await settings.notificationSettingsOf(user._id));
    });

    serveRoute(
      app,
      putNotificationSettings,
      async (request) => {
        const user = await me(request);
        const body = request.body;
        const values = {
          email: body.email,
          taskAssignments: body.taskAssignments,
          taskReminders: body.taskReminders,
          projectUpdates: body.projectUpdates,
          digest: body.digest,
        };
        await settings.saveNotificationSettings(user._id, values, now());
        return values;
      },
      { bodyLimit: BODY_LIMIT },
    );
  },
);
