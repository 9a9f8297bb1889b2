import { describe, expect, test, vi } from 'vitest';
import type { RequestContext } from '../../../server/context.server';
import { startSignOutFromLink } from './logout-link.server';

/** The parts of a request context the `?logout` start reads: a signed-in viewer, the sign-out, a logger. */
function fakeContext() {
  const signOut = vi.fn(async () => ['customer_token=; Max-Age=0; Path=/']);
  const context = {
    services: { config: { publicUrl: 'https://store.example' }, identity: { signOut } },
    viewer: { customer: { id: 7 } },
    logger: { info: vi.fn() },
  } as unknown as RequestContext;
  return { context, signOut };
}

const ownNavigation = (url: string) =>
  new Request(url, { headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: 'customer_token=t' } });

describe('startSignOutFromLink', () => {
  test('decides on the URL the root loader parsed (it does not parse the request URL again)', async () => {
    const { context, signOut } = fakeContext();
    // The request's URL says `?logout`; the URL handed over does not: the handed-over one decides.
    const request = ownNavigation('https://store.example/mens/?logout');
    await expect(
      startSignOutFromLink(request, context, new URL('https://store.example/mens/')),
    ).resolves.toBeUndefined();
    expect(signOut).not.toHaveBeenCalled();
  });

  test("the shopper's own navigation to ?logout signs out and goes to /signed-out", async () => {
    const { context, signOut } = fakeContext();
    const url = 'https://store.example/mens/?logout';
    const thrown = await startSignOutFromLink(ownNavigation(url), context, new URL(url)).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/signed-out');
    expect(response.headers.get('Set-Cookie')).toBe('customer_token=; Max-Age=0; Path=/');
    expect(signOut).toHaveBeenCalledOnce();
  });

  test('another site linking to ?logout does not sign out', async () => {
    const { context, signOut } = fakeContext();
    const url = 'https://store.example/?logout';
    const request = new Request(url, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    await expect(startSignOutFromLink(request, context, new URL(url))).resolves.toBeUndefined();
    expect(signOut).not.toHaveBeenCalled();
  });
});
