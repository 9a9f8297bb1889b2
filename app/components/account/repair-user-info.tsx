/**
 * "About you" on the warranty page (decision 047): a signed-out shopper gives their contact details and return
 * address once; "Create Your Account" then opens filled in with them. A form-kit form: without JavaScript a post
 * and a 303 to the page with the panel open, with it a fetcher that follows the same redirect.
 */
import type { FieldMetadata } from '@conform-to/react';
import { AddressFieldset } from '../checkout/address-fieldset';
import { FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import { useLazyKitForm } from '../forms/use-lazy-kit-form';
import * as styles from './account.css';
import { REPAIR_USER_INFO_ACTION, repairUserInfoLazyForm } from './lazy-forms';
import type { RepairUserInfoShape } from './repair-user-info-form';

export function RepairUserInfoForm({
  saved,
  here,
}: {
  /** What the shopper gave before (the cookie), shown again. */
  saved: RepairUserInfoShape | null;
  /** This page: where a refusal without JavaScript comes back to. */
  here: string;
}) {
  const kit = useLazyKitForm(repairUserInfoLazyForm, {
    action: REPAIR_USER_INFO_ACTION,
    redirectTo: here,
    defaultValue: saved
      ? {
          firstName: saved.first_name,
          lastName: saved.last_name,
          email: saved.email,
          phonenumber: saved.phone,
          address1: saved.address1,
          address2: saved.address2,
          city: saved.city,
          countryCode: saved.country,
          stateOrProvince: saved.state_or_province,
          postalCode: saved.postal_code,
        }
      : undefined,
  });
  const { fields } = kit;
  return (
    <KitForm kit={kit} className={styles.form}>
      <AddressFieldset
        legend="Your details and return address"
        hydrated={kit.hydrated}
        fields={{
          email: fields.email,
          firstName: fields.firstName,
          lastName: fields.lastName,
          address1: fields.address1,
          address2: fields.address2 as FieldMetadata<string>,
          city: fields.city,
          countryCode: fields.countryCode as FieldMetadata<string>,
          stateOrProvince: fields.stateOrProvince,
          postalCode: fields.postalCode,
        }}
      />
      <TextField
        field={fields.phonenumber as FieldMetadata<string>}
        label="Phone"
        type="tel"
        autoComplete="tel-national"
      />
      <SubmitButton kit={kit} pendingLabel="Saving…">
        Continue to create your account
      </SubmitButton>
      <FormStatus kit={kit} />
    </KitForm>
  );
}
