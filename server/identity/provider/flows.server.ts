/**
 * The provider's flow API: `POST /flows/{flowId}` checks credentials (with the per-account lockout) and runs
 * account recovery (the reset mail, then the code and the new password).
 */
import type express from 'express';
import type { Request, Response } from 'express';
import { hashPassword, verifyPassword } from '../password-hash';
import { passwordProblems } from '../password-policy';
import {
  CODE_TTL_MS,
  dummyHash,
  isObject,
  LOCKOUT_MS,
  MAX_FAILURES,
  PROVIDER_LIMITS,
  type FlowState,
  type ProviderKit,
} from './kit.server';

const FLOW_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function flowRoutes(router: express.Router, kit: ProviderKit): void {
  const { fail, readFlow, writeFlow, lockoutKey, limited, sendReset, welcome, allow } = kit;
  const { store, customers, clock, logger } = kit.options;

  router.post('/flows/:flowId', limited('flows'), async (req, res, next) => {
    try {
      const flowId = req.params.flowId ?? '';
      const flow = FLOW_ID.test(flowId) ? readFlow(req) : null;
      if (!flow || flow.fid !== flowId)
        return fail(res, 404, { code: 'NOT_FOUND', message: 'The flow was not found.' });
      if (flow.exp <= clock.now().getTime())
        return fail(res, 400, { code: 'FLOW_EXPIRED', message: 'The flow has expired.' });
      const body: Record<string, unknown> = req.is('application/json') && isObject(req.body) ? req.body : {};
      const username = typeof body.username === 'string' ? body.username.trim() : undefined;
      const password = typeof body.password === 'string' ? body.password : undefined;

      if (username !== undefined && password !== undefined) {
        if (!(await allow(req, res, 'credentials', PROVIDER_LIMITS.credentials))) return;
        return await checkCredentials(res, flow, username, password);
      }
      if (typeof body.recoveryCode === 'string' && typeof body.newPassword === 'string') {
        if (!(await allow(req, res, 'new-password', PROVIDER_LIMITS.newPassword))) return;
        return await resetPassword(req, res, flow, body.recoveryCode, body.newPassword);
      }
      if (username !== undefined) {
        if (flow.st !== 'RECOVERY_USERNAME_REQUIRED')
          return fail(res, 400, {
            code: 'INVALID_REQUEST',
            message: 'Account recovery has not been started.',
          });
        // The same limits as POST /users/password-reset (and the store's forgot-password form).
        if (!(await allow(req, res, 'reset', PROVIDER_LIMITS.reset, username))) return;
        await sendReset(req, username);
        writeFlow(res, { ...flow, st: 'RECOVERY_CODE_REQUIRED' });
        return res.json({ id: flow.fid, status: 'RECOVERY_CODE_REQUIRED' });
      }
      if (Object.keys(body).length === 0) {
        writeFlow(res, { ...flow, st: 'RECOVERY_USERNAME_REQUIRED' });
        return res.json({ id: flow.fid, status: 'RECOVERY_USERNAME_REQUIRED' });
      }
      return fail(res, 400, { code: 'INVALID_REQUEST', message: 'The request does not fit this flow.' });
    } catch (error) {
      next(error);
    }
  });

  async function checkCredentials(res: Response, flow: FlowState, username: string, password: string) {
    if (flow.st === 'COMPLETED')
      return fail(res, 400, { code: 'INVALID_REQUEST', message: 'The flow is already completed.' });
    if (username.length > 254 || password.length > 256)
      return fail(res, 400, { code: 'INVALID_DATA', message: 'The username or password is invalid.' });
    // The attempt is counted before the password is checked (decision 075): past the limit, no hash is spent.
    const key = lockoutKey(username);
    const claim = await store.claimAttempt(key, { maxFailures: MAX_FAILURES, lockMs: LOCKOUT_MS });
    if (!claim.allowed) return accessDenied(res, claim.secondsLeft);

    const account = await customers.credentials(username);
    // An unknown username costs a hash too, so timing says nothing about which accounts exist.
    const matches = account?.passwordHash
      ? await verifyPassword(password, account.passwordHash)
      : (await verifyPassword(password, await dummyHash()), false);
    if (!account || !matches) {
      if (claim.locksOut) {
        logger.info('idp lockout started');
        return accessDenied(res, Math.ceil(LOCKOUT_MS / 1000));
      }
      return fail(res, 400, { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' });
    }
    // The right password ends the count (and a lock this very attempt started), enabled or not.
    await store.clearFailures(key);
    if (!account.isEnabled) {
      writeFlow(res, { ...flow, u: account.email });
      return fail(res, 400, { code: 'ACCOUNT_NOT_ENABLED', message: 'Account Not Enabled' });
    }
    const code = await store.createCode({
      customerId: account.id,
      clientId: flow.cid,
      codeChallenge: flow.cc,
      ttlMs: CODE_TTL_MS,
    });
    writeFlow(res, { ...flow, st: 'COMPLETED', u: account.email });
    return res.json({ id: flow.fid, status: 'COMPLETED', authorizeResponse: { code } });
  }

  function accessDenied(res: Response, secondsLeft: number) {
    return fail(res, 400, {
      code: 'access_denied',
      message: `Too many login attempts. Please try again in ${secondsLeft} seconds.`,
      secondsLeft,
    });
  }

  async function resetPassword(
    req: Request,
    res: Response,
    flow: FlowState,
    recoveryCode: string,
    newPassword: string,
  ) {
    const problems = passwordProblems(newPassword);
    if (problems.length > 0) return fail(res, 400, { code: 'INVALID_PASSWORD', message: problems.join(' ') });
    if (recoveryCode.length > 128)
      return fail(res, 400, { code: 'INVALID_CODE', message: 'The reset link is invalid or has expired.' });
    const claim = await store.claimOneTimeToken(recoveryCode, 'reset');
    if (claim.kind !== 'ok')
      return fail(res, 400, { code: 'INVALID_CODE', message: 'The reset link is invalid or has expired.' });
    await customers.setPassword(claim.customerId, await hashPassword(newPassword));
    // A reset proves the mailbox: the account is activated, and every session of the old password ends.
    if (await customers.enable(claim.customerId)) await welcome(req, claim.customerId);
    await store.revokeCustomerSessions(claim.customerId);
    await kit.options.sessions.endAll(claim.customerId);
    const account = await customers.credentialsById(claim.customerId);
    if (account) await store.clearFailures(lockoutKey(account.email));
    writeFlow(res, { ...flow, st: 'RECOVERY_COMPLETED' });
    return res.json({ id: flow.fid, status: 'RECOVERY_COMPLETED' });
  }
}
