/** `/products/{url}` without a colour: on to the product's default colour, or a 404 for an unknown product. */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const result = await context.timing.measure('db', () =>
    context.services.catalogue.getProductPage(params.url ?? '', undefined, context.viewer.priceList),
  );
  if (result?.kind !== 'redirect') throw new Response('Not Found', { status: 404 });
  throw redirect(`${result.path}${new URL(request.url).search}`);
}

/**
 * Never rendered (the loader always redirects or throws); its presence makes this a UI route, so that a 404
 * renders the designed error page instead of a bare resource-route response.
 */
export default function ProductWithoutColor() {
  return null;
}
