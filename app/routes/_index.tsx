import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BrandStory } from '~/components/home/brand-story';
import { CategoryTiles } from '~/components/home/category-tiles';
import { Hero } from '~/components/home/hero';
import { pageMeta } from '~/components/seo/meta';
import { CACHE_CONTENT } from '../../server/web/cache.server';

export const headers: HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTENT });

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args);

export async function loader({ context }: LoaderFunctionArgs) {
  return { home: context.services.content.home() };
}

export default function Home() {
  const { home } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero hero={home.hero} />
      <CategoryTiles tiles={home.categoryTiles} />
      <BrandStory story={home.story} />
    </>
  );
}
