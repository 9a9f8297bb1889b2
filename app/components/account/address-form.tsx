/**
 * An address form of the account area (add, or edit one): the checkout's fields and rules (SPEC §3 static lists:
 * US states with AA, AE and AP, Canadian provinces; US the default country) and "Make this my default address".
 */
import type { FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY, REGIONS, type CountryCode } from '../../../server/checkout/public';
import { CheckboxField, FieldErrors, FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import * as fieldStyles from '../forms/fields.css';
import { useKitForm } from '../forms/use-kit-form';
import { addressForm } from './account-forms';
import * as styles from './account.css';

export type EditableAddress = {
  id: number;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countryCode: string;
  phone: string;
  isDefault: boolean;
};

export const ADDRESSES_PATH = '/account/addresses';

/** A stored state as its code (demo addresses name the state: "Montana"). */
function regionCode(country: CountryCode, stored: string): string {
  const found = REGIONS[country].find(
    (region) => region.code === stored || region.name.toLowerCase() === stored.toLowerCase(),
  );
  return found?.code ?? '';
}

const asCountry = (code: string): CountryCode => (code === 'CA' ? 'CA' : DEFAULT_COUNTRY);

export function AddressForm({
  address,
  defaults,
}: {
  /** The address being edited; none for a new one. */
  address?: EditableAddress;
  /** A new address's name, from the profile. */
  defaults?: { firstName: string; lastName: string };
}) {
  const initialCountry = asCountry(address?.countryCode ?? DEFAULT_COUNTRY);
  const kit = useKitForm(addressForm, {
    action: ADDRESSES_PATH,
    // Without JavaScript an edit comes back to the edit view, where its outcome shows.
    redirectTo: address ? `${ADDRESSES_PATH}?edit=${address.id}` : ADDRESSES_PATH,
    defaultValue: (address
      ? {
          addressId: String(address.id),
          firstName: address.firstName,
          lastName: address.lastName,
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          countryCode: initialCountry,
          stateOrProvince: regionCode(initialCountry, address.stateOrProvince),
          postalCode: address.postalCode,
          phone: address.phone,
        }
      : {
          firstName: defaults?.firstName ?? '',
          lastName: defaults?.lastName ?? '',
          countryCode: DEFAULT_COUNTRY,
        }) as never,
  });
  const [country, setCountry] = useState<CountryCode>(initialCountry);
  const { fields } = kit;
  const text = (field: unknown) => field as FieldMetadata<string>;
  return (
    <KitForm kit={kit} className={styles.form}>
      {address ? <input type="hidden" name={fields.addressId.name} value={address.id} /> : null}
      <TextField field={text(fields.firstName)} label="First name" autoComplete="given-name" />
      <TextField field={text(fields.lastName)} label="Last name" autoComplete="family-name" />
      <TextField field={text(fields.address1)} label="Address" autoComplete="address-line1" />
      <TextField
        field={text(fields.address2)}
        label="Apartment, suite (optional)"
        autoComplete="address-line2"
      />
      <TextField field={text(fields.city)} label="City" autoComplete="address-level2" />
      <div className={fieldStyles.field}>
        <label htmlFor={fields.countryCode.id} className={fieldStyles.label}>
          Country
        </label>
        <select
          id={fields.countryCode.id}
          name={fields.countryCode.name}
          className={fieldStyles.input}
          defaultValue={initialCountry}
          autoComplete="country"
          onChange={(event) => setCountry(asCountry(event.currentTarget.value))}
        >
          {COUNTRIES.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={fields.stateOrProvince.id} className={fieldStyles.label}>
          State or province
        </label>
        <select
          id={fields.stateOrProvince.id}
          name={fields.stateOrProvince.name}
          className={fieldStyles.input}
          defaultValue={address ? regionCode(initialCountry, address.stateOrProvince) : ''}
          autoComplete="address-level1"
          aria-invalid={fields.stateOrProvince.errors ? true : undefined}
          aria-describedby={fields.stateOrProvince.errors ? fields.stateOrProvince.errorId : undefined}
        >
          <option value="">Choose…</option>
          {(kit.hydrated ? [country] : (['US', 'CA'] as const)).map((code) => (
            <optgroup key={code} label={COUNTRIES.find((option) => option.code === code)!.name}>
              {REGIONS[code].map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name} ({region.code})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldErrors field={fields.stateOrProvince} />
      </div>
      <TextField field={text(fields.postalCode)} label="ZIP or postal code" autoComplete="postal-code" />
      <TextField
        field={text(fields.phone)}
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        hint="(123)-456-7890"
      />
      {address?.isDefault ? null : (
        <CheckboxField field={fields.makeDefault} label="Make this my default address" />
      )}
      <div className={styles.actions}>
        <SubmitButton kit={kit} pendingLabel="Saving…">
          {address ? 'Save address' : 'Add address'}
        </SubmitButton>
      </div>
      <FormStatus kit={kit} fields={['addressId']} />
    </KitForm>
  );
}
