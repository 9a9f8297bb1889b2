/**
 * What every repair page's loader and action needs: the signed-in customer (a shopper who is signed out is sent
 * to the sign-in entry of `/warranties`, whose redirect flag brings them back to the wizard after sign-in, SPEC
 * §2), and the draft with its steps (a step that is not reachable yet redirects to the first incomplete one).
 */
import { redirect, type AppLoadContext } from '@remix-run/node';
import type { RepairDetail, WizardStep, WizardStepId } from '../../../server/repairs/public';
import { redirectForStep } from '../../../server/repairs/public';

/** SPEC §2: sign-in from /warranties with the redirect flag lands on the wizard's first step. */
export const SIGN_IN_PATH = '/warranties?login=true&redirect=true';

export const REPAIRS_PATH = '/warranties/repair';

export function requireCustomer(context: AppLoadContext): number {
  const customer = context.viewer.customer;
  if (!customer) throw redirect(SIGN_IN_PATH, { headers: { 'Cache-Control': 'private, no-store' } });
  return customer.id;
}

export async function loadWizard(
  context: AppLoadContext,
  step: WizardStepId,
): Promise<{ customerId: number; draft: RepairDetail | null; steps: WizardStep[] }> {
  const customerId = requireCustomer(context);
  const { repairs } = context.services;
  const draft = await context.timing.measure('db', () => repairs.currentDraft(customerId));
  const elsewhere = redirectForStep(step, repairs.progressOf(draft));
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Cache-Control': 'private, no-store' } });
  return { customerId, draft, steps: repairs.steps(draft) };
}

export { RepairError } from '../../../server/repairs/index.server';
