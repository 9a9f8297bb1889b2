/** The provider's user endpoints: the e-mail check, the activation mail again, e-mail verification, reset mails. */
import type express from 'express';
import { isObject, PROVIDER_LIMITS, VERIFY_TOKEN_TTL_MS, type ProviderKit } from './kit.server';
import { verificationMail } from './mails';

export function userRoutes(router: express.Router, kit: ProviderKit): void {
  const { fail, readFlow, limited, originOf, sendReset, welcome, allow } = kit;
  const { store, customers, mail, clock } = kit.options;

  // --- users ---------------------------------------------------------------------------------------------------
  router.post('/users/check', limited('users'), async (req, res, next) => {
    try {
      const body = isObject(req.body) ? req.body : {};
      const username =
        typeof body.username === 'string' ? body.username : typeof body.email === 'string' ? body.email : '';
      if (username.trim() === '' || username.length > 254) return res.status(400).json({ success: false });
      // As the store's e-mail step: per client address and per e-mail (it answers as much as that page does).
      if (!(await allow(req, res, 'check', PROVIDER_LIMITS.check, username))) return;
      const account = await customers.credentials(username);
      return res.json({ success: account !== null });
    } catch (error) {
      next(error);
    }
  });

  router.post('/users/resend-activation', limited('users'), async (req, res, next) => {
    try {
      if (!(await allow(req, res, 'resend', PROVIDER_LIMITS.resend))) return;
      const flow = readFlow(req);
      if (!flow?.u || flow.exp <= clock.now().getTime())
        return fail(res, 400, {
          code: 'INVALID_REQUEST',
          message: 'There is no account to activate in this flow.',
        });
      const account = await customers.credentials(flow.u);
      if (account && !account.isEnabled) {
        const token = await store.createOneTimeToken(account.id, 'verify', VERIFY_TOKEN_TTL_MS);
        await mail.enqueue(
          verificationMail({
            to: account.email,
            firstName: account.firstName,
            origin: originOf(req),
            token,
            brand: kit.options.brand,
          }),
        );
      }
      return res.json({ success: true });
    } catch (error) {
      next(error);
    }
  });

  router.post('/users/verify', limited('users'), async (req, res, next) => {
    try {
      const body = isObject(req.body) ? req.body : {};
      const token =
        typeof body.token === 'string' ? body.token : typeof body.hash === 'string' ? body.hash : '';
      if (token === '' || token.length > 128)
        return fail(res, 400, {
          code: 'INVALID_TOKEN',
          message: 'The verification link is invalid or has expired.',
        });
      if (!(await allow(req, res, 'verify', PROVIDER_LIMITS.verify))) return;
      const claim = await store.claimOneTimeToken(token, 'verify');
      if (claim.kind !== 'ok')
        return fail(res, 400, {
          code: 'INVALID_TOKEN',
          message: 'The verification link is invalid or has expired.',
        });
      if (await customers.enable(claim.customerId)) await welcome(req, claim.customerId);
      return res.json({ success: true });
    } catch (error) {
      next(error);
    }
  });

  router.post('/users/password-reset', limited('users'), async (req, res, next) => {
    try {
      const body = isObject(req.body) ? req.body : {};
      const email =
        typeof body.mail === 'string' ? body.mail : typeof body.email === 'string' ? body.email : '';
      if (email.trim() === '') return fail(res, 400, { code: 'INVALID_DATA', message: 'mail is required.' });
      // As the store's forgot-password form: 10 per 10 minutes per client address, 3 mails an hour per e-mail.
      if (!(await allow(req, res, 'reset', PROVIDER_LIMITS.reset, email))) return;
      await sendReset(req, email);
      return res.json({ success: true });
    } catch (error) {
      next(error);
    }
  });
}
