/** `/account`: the account area starts at the profile page (SPEC §2 `/account/profile`). */
import { redirect } from '@remix-run/node';

export const loader = () => redirect('/account/profile', { status: 301 });
