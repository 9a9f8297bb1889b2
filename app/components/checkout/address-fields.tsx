/**
 * The embedded checkout's billing/shipping address fields (the place-order form's fields): e-mail, names, address,
 * country (US by default) and the state or province list of SPEC §3 (with JavaScript the list follows the chosen
 * country; without it both countries' lists are offered, grouped), and the manual payment choice.
 */
import { useState } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY, REGIONS, type CountryCode } from '../../../server/checkout/public';
import * as fieldStyles from '../forms/fields.css';
import { FieldErrors, TextField } from '../forms/fields';
import type { useKitForm } from '../forms/use-kit-form';
import type { placeOrderForm } from './checkout-forms';

type AddressKit = ReturnType<typeof useKitForm<ReturnType<typeof placeOrderForm.schema>, never>>;

export function AddressFields({ kit, legend }: { kit: AddressKit; legend: string }) {
  const { fields } = kit;
  const initialCountry = (fields.countryCode.initialValue ?? DEFAULT_COUNTRY) as CountryCode;
  const [country, setCountry] = useState<CountryCode>(initialCountry);
  return (
    <>
      <fieldset>
        <legend>{legend}</legend>
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
            className={fieldStyles.input}
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
            className={fieldStyles.input}
            defaultValue={fields.stateOrProvince.initialValue ?? ''}
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
        <TextField field={fields.postalCode} label="ZIP or postal code" autoComplete="postal-code" />
      </fieldset>
      <fieldset>
        <legend>Payment</legend>
        <label>
          <input type="radio" name={fields.payment.name} value="manual" defaultChecked /> Pay by invoice
          (manual payment)
        </label>
      </fieldset>
    </>
  );
}
