/**
 * Content pages from `content/pages.json` (issue 9 §9): help pages at `/help/{slug}`; `legal.$slug.tsx` and
 * `coming-soon.$slug.tsx` serve the legal and coming-soon pages with this module. A path without a page is a 404.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CACHE_CATALOGUE } from '../../server/web/cache.server';
import { ContentPage } from '../components/content/content-page';
import { pageMeta } from '../components/seo/meta';

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CATALOGUE });

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? pageMeta(args, { title: args.data.page.title, description: args.data.page.description })
    : pageMeta(args, { title: 'Page not found', noIndex: true });

export function loader({ request, context }: LoaderFunctionArgs) {
  const page = context.services.content.page(new URL(request.url).pathname);
  if (!page) throw new Response('Not Found', { status: 404 });
  return { page };
}

export default function HelpPage() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}
