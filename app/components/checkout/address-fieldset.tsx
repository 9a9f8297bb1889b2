/**
 * The shipping address of an order (both checkouts, issue 11 §8): e-mail, name, street, city, the country (US by
 * default) and the state or province list of the US and Canada (with AA, AE and AP), and the postal code. Without
 * JavaScript both countries' lists show; with it, the chosen country's.
 */
import type { FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY, REGIONS, type CountryCode } from '../../../server/checkout/public';
import * as fieldStyles from '../forms/fields.css';
import { FieldErrors, TextField } from '../forms/fields';
import * as styles from './checkout.css';

type Field = FieldMetadata<string | undefined> | FieldMetadata<string>;

export type AddressFields = Record<
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'address1'
  | 'address2'
  | 'city'
  | 'countryCode'
  | 'stateOrProvince'
  | 'postalCode',
  Field
>;

export function AddressFieldset({
  fields,
  hydrated,
  legend = 'Shipping address',
}: {
  fields: AddressFields;
  hydrated: boolean;
  /** "Billing address" where the address pays rather than ships (a repair's payment). */
  legend?: string;
}) {
  // Prefilled or sent back after a refusal, the country and state stay as the shopper left them.
  const initialCountry = (fields.countryCode.initialValue ?? DEFAULT_COUNTRY) as CountryCode;
  const [country, setCountry] = useState<CountryCode>(initialCountry);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField field={fields.firstName} label="First name" autoComplete="given-name" />
      <TextField field={fields.lastName} label="Last name" autoComplete="family-name" />
      <TextField field={fields.address1} label="Address" autoComplete="address-line1" />
      <TextField field={fields.address2} label="Apartment, suite (optional)" autoComplete="address-line2" />
      <TextField field={fields.city} label="City" autoComplete="address-level2" />
      <div className={fieldStyles.field}>
        <label htmlFor={fields.countryCode.id} className={fieldStyles.label}>
          Country
        </label>
        <select
          id={fields.countryCode.id}
          name={fields.countryCode.name}
          className={styles.select}
          defaultValue={initialCountry}
          autoComplete="country"
          onChange={(event) => setCountry(event.currentTarget.value as CountryCode)}
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
          className={styles.select}
          defaultValue={fields.stateOrProvince.initialValue ?? ''}
          autoComplete="address-level1"
          aria-invalid={fields.stateOrProvince.errors ? true : undefined}
          aria-describedby={fields.stateOrProvince.errors ? fields.stateOrProvince.errorId : undefined}
        >
          <option value="">Choose…</option>
          {(hydrated ? [country] : (['US', 'CA'] as const)).map((code) => (
            <optgroup key={code} label={COUNTRIES.find((option) => option.code === code)!.name}>
              {REGIONS[code].map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name} ({region.code})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldErrors field={fields.stateOrProvince as FieldMetadata<unknown>} />
      </div>
      <TextField field={fields.postalCode} label="ZIP or postal code" autoComplete="postal-code" />
    </fieldset>
  );
}
