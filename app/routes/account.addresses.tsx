/**
 * The account area's addresses (issue 10 §9; SPEC §3 "Address": `default_address` true marks the default): the
 * list, the default first; add one; edit one (`?edit={id}`, a plain link, so it works without JavaScript); make one
 * the default (`/account/addresses/default`). Every form is the form kit's (post/redirect/get without JavaScript,
 * a fetcher with it). Private.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '../../styles/utilities.css';
import { ACCOUNT_MESSAGES, addressForm, defaultAddressForm } from '../components/account/account-forms';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { ADDRESSES_PATH, AddressForm, type EditableAddress } from '../components/account/address-form';
import { FormStatus, KitForm, SubmitButton } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import { useRootData } from '../components/layout/root-data';
import { pageMeta } from '../components/seo/meta';
import { button } from '../../styles/button.css';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'My Addresses', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireCustomer(request, context);
  const addresses = await context.timing.measure('db', () =>
    context.services.customers.addresses(profile.id),
  );
  const edit = Number(new URL(request.url).searchParams.get('edit'));
  const editing = addresses.find((address) => address.id === edit) ?? null;
  return data(
    { addresses, editing, name: { firstName: profile.firstName, lastName: profile.lastName } },
    { headers: ACCOUNT_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const profile = await requireCustomer(request, context);
  return handleForm({ request, context }, addressForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit(value, { success, reject }) {
      const { addressId, phone, ...fields } = value;
      const saved = await context.services.customers.saveAddress(profile.id, addressId ?? null, {
        ...fields,
        phone: phone ?? '',
      });
      if (!saved.ok)
        return saved.reason === 'too-many'
          ? reject({ formErrors: [ACCOUNT_MESSAGES.tooManyAddresses] }, 409)
          : reject({ formErrors: [ACCOUNT_MESSAGES.addressNotFound] }, 404);
      return addressId === undefined
        ? success(ACCOUNT_MESSAGES.addressAdded)
        : success(ACCOUNT_MESSAGES.addressSaved, { resetForm: false });
    },
  });
}

export default function AccountAddresses() {
  const { addresses, editing, name } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>My Addresses</h1>
      <AccountNav />
      <DefaultOutcome />
      {addresses.length === 0 ? (
        <p>You have no saved addresses yet.</p>
      ) : (
        <ul className={styles.cards} aria-label="Saved addresses">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      )}
      {editing ? (
        <section className={styles.section} aria-labelledby="edit-address-heading" id="edit-address">
          <h2 id="edit-address-heading">Edit address</h2>
          <AddressForm key={editing.id} address={editing} />
          <p>
            <Link to={ADDRESSES_PATH}>Done editing</Link>
          </p>
        </section>
      ) : (
        <section className={styles.section} aria-labelledby="add-address-heading">
          <h2 id="add-address-heading">Add an address</h2>
          <AddressForm defaults={name} />
        </section>
      )}
    </div>
  );
}

const oneLine = (address: EditableAddress) =>
  [`${address.firstName} ${address.lastName}`, address.address1, address.address2].filter(Boolean).join(', ');

function AddressCard({ address }: { address: EditableAddress }) {
  const label = oneLine(address);
  return (
    <li className={styles.card} aria-label={address.isDefault ? `${label} (default)` : label}>
      {address.isDefault ? <p className={styles.term}>Default address</p> : null}
      <address className={styles.address}>
        {address.firstName} {address.lastName}
        <br />
        {address.address1}
        {address.address2 ? (
          <>
            <br />
            {address.address2}
          </>
        ) : null}
        <br />
        {address.city}, {address.stateOrProvince} {address.postalCode}
        <br />
        {address.countryCode}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </address>
      <div className={styles.actions}>
        <Link to={`${ADDRESSES_PATH}?edit=${address.id}#edit-address`} aria-label={`Edit ${label}`}>
          Edit
        </Link>
        {address.isDefault ? null : <MakeDefault address={address} label={label} />}
      </div>
    </li>
  );
}

function MakeDefault({ address, label }: { address: EditableAddress; label: string }) {
  const kit = useKitForm(defaultAddressForm, {
    action: `${ADDRESSES_PATH}/default`,
    redirectTo: ADDRESSES_PATH,
    instance: String(address.id),
  });
  return (
    <KitForm kit={kit} className={styles.inline}>
      <input type="hidden" name="addressId" value={address.id} />
      <SubmitButton kit={kit} className={button.secondary} aria-label={`Make ${label} the default`}>
        Make default
      </SubmitButton>
      {kit.formErrors.length > 0 || kit.allErrors.addressId ? (
        <FormStatus kit={kit} fields={['addressId']} />
      ) : null}
    </KitForm>
  );
}

/** Without JavaScript, the default form's outcome comes back in the flash (its instances cannot show it). */
function DefaultOutcome() {
  const flash = useRootData()?.flash;
  if (!flash || flash.formId !== defaultAddressForm.id) return null;
  const errors = Object.values(flash.result.error ?? {}).flatMap((messages) => messages ?? []);
  return (
    <p role="status" className={errors.length > 0 ? styles.error : styles.success}>
      {errors.length > 0 ? errors.join(' ') : flash.message}
    </p>
  );
}
