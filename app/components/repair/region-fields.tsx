/**
 * The summary step's country and state or province (issue 24 §10): the lists the checkout uses (SPEC §3), as
 * selects, not free text. Without JavaScript the state list offers every country's regions, grouped; with it, the
 * chosen country's only, as at checkout. A draft whose address names its state in words ("Montana", from the
 * account) shows the list's entry for it.
 */
import { useState } from 'react';
import type { FieldMetadata } from '@conform-to/react';
import { FieldErrors } from '~/components/forms/fields';
import * as fieldStyles from '~/components/forms/fields.css';
import { COUNTRIES, DEFAULT_COUNTRY, REGIONS, type CountryCode } from '../../../server/checkout/public';

const isCountry = (value: string): value is CountryCode =>
  COUNTRIES.some((country) => country.code === value);

/** A repair address's country and state as the lists' codes ('' for a state the country's list does not have). */
export function regionDefaults(address: { country?: string; state_or_province?: string }): {
  country: CountryCode;
  state_or_province: string;
} {
  const code = (address.country ?? '').trim().toUpperCase();
  const country = isCountry(code) ? code : DEFAULT_COUNTRY;
  const state = (address.state_or_province ?? '').trim().toLowerCase();
  const region = REGIONS[country].find(
    (candidate) => candidate.code.toLowerCase() === state || candidate.name.toLowerCase() === state,
  );
  return { country, state_or_province: region?.code ?? '' };
}

export function RegionFields({
  country,
  state,
  hydrated,
}: {
  country: FieldMetadata<string>;
  state: FieldMetadata<string>;
  hydrated: boolean;
}) {
  const initialCountry = isCountry(country.initialValue ?? '')
    ? (country.initialValue as CountryCode)
    : DEFAULT_COUNTRY;
  const [chosen, setChosen] = useState<CountryCode>(initialCountry);
  return (
    <>
      <div className={fieldStyles.field}>
        <label htmlFor={country.id} className={fieldStyles.label}>
          Country
        </label>
        <select
          id={country.id}
          name={country.name}
          className={fieldStyles.input}
          defaultValue={initialCountry}
          autoComplete="country"
          onChange={(event) => setChosen(event.currentTarget.value as CountryCode)}
        >
          {COUNTRIES.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <FieldErrors field={country} />
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={state.id} className={fieldStyles.label}>
          State or province
        </label>
        <select
          id={state.id}
          name={state.name}
          className={fieldStyles.input}
          defaultValue={state.initialValue ?? ''}
          required
          autoComplete="address-level1"
          aria-invalid={state.errors ? true : undefined}
          aria-describedby={state.errors ? state.errorId : undefined}
        >
          <option value="">Choose…</option>
          {(hydrated ? [chosen] : COUNTRIES.map((option) => option.code)).map((code) => (
            <optgroup key={code} label={COUNTRIES.find((option) => option.code === code)!.name}>
              {REGIONS[code].map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name} ({region.code})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldErrors field={state} />
      </div>
    </>
  );
}
