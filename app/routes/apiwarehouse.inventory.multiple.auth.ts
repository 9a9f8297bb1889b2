/**
 * SPEC §7: GET /apiwarehouse/inventory/multiple/auth?sku=a,b — the inventory endpoint of signed-in
 * customers, whose answer adds standard_quantity and pro_quantity to the combined level.
 *
 * Identity does not exist yet (a later issue builds the sign-in provider and the customer_token it
 * issues). Until it does, no token can be verified, so this endpoint answers 401 to every request: with
 * SPEC §8's message when the customer_token cookie is missing, and as an unverifiable token otherwise.
 * It never guesses a customer. When identity lands, verify the token here and call
 * `inventory.getLevels(skus, 'customer')` / `getLevelsByBaseSku(skus, 'customer')`.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { parseSkuList } from '../../server/inventory/index.server';

const noStore = { 'Cache-Control': 'private, no-store' };

/** SPEC §8 "Missing token". */
const MISSING_TOKEN = 'customer_token cookie not found. Authentification failed.';

function hasCustomerToken(cookieHeader: string | null): boolean {
  return (cookieHeader ?? '').split(';').some((pair) => {
    const [name, ...value] = pair.split('=');
    return name?.trim() === 'customer_token' && value.join('=').trim() !== '';
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!hasCustomerToken(request.headers.get('Cookie')))
    return json({ error: MISSING_TOKEN }, { status: 401, headers: noStore });
  // A token is present but nothing can verify it before identity exists: refuse rather than trust it.
  const parsed = parseSkuList(new URL(request.url).searchParams.get('sku'));
  if (!parsed.ok) return json({ error: parsed.message }, { status: 400, headers: noStore });
  return json({ error: 'Token is invalid. Authentification failed.' }, { status: 401, headers: noStore });
}
