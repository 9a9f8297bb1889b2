/**
 * `/pro-program` (SPEC §2; issue 10 §9): what the pro program is and where the customer stands. Guides,
 * outfitters, wildlife and industry professionals apply at `/pro-program/apply/`; a shopper who is not signed in is
 * offered the sign-in panel with the redirect flag, which lands them on the apply page (SPEC §2 "Query flags").
 * Private: what it shows depends on who asks.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { ACCOUNT_HEADERS, refreshedSession } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { ProStatus, proStanding } from '../components/account/pro-status';
import { pageMeta } from '../components/seo/meta';

export const headers = () => ACCOUNT_HEADERS;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Pro Program',
    description:
      'The Cairn Outdoor Pro Program: pro prices and pro stock for guides, outfitters and industry professionals.',
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = context.viewer.customer;
  const profile = customer ? await context.services.customers.profile(customer.id) : null;
  // An approved application changes the customer's prices from here on (decision 047).
  return data({ standing: proStanding(profile) }, { headers: refreshedSession(request, context, profile) });
}

export default function ProProgram() {
  const { standing } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Pro Program</h1>
      <p>
        Guides, outfitters, wildlife professionals and outdoor industry staff get pro prices on our gear, from
        pro stock kept for members. Approved members see their prices as they shop, and the cart marks
        pro-priced items “Pro Discount Applied”.
      </p>
      <section className={styles.section} aria-labelledby="pro-standing-heading">
        <h2 id="pro-standing-heading">Your membership</h2>
        <ProStatus standing={standing} />
        {standing.kind === 'anonymous' ? (
          <p className={styles.actions}>
            <Link to="/pro-program?login=true&redirect=true">Sign in to apply</Link>
            <Link to="/pro-program?create-an-account=true">Create an account</Link>
          </p>
        ) : standing.kind === 'none' || standing.kind === 'rejected' ? (
          <p>
            <Link to="/pro-program/apply/">Apply to the pro program</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
