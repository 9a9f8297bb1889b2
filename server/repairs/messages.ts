/**
 * What the repair service answers when a call cannot be served. The SPEC §8 messages are word for word; the
 * others cover cases the SPEC does not name.
 */
export const REPAIR_MESSAGES = {
  // SPEC §8 "Repair and tracking" (its missing-token message is the identity context's `CALLER_MESSAGES`).
  missingRepairId: 'Please provide repair id',
  missingDamageId: 'Please provide damage id',
  missingRepairData: 'Please provide repair data',
  missingFiles: 'Please provide files and repair id',
  missingQuestions: 'Please provide questions and repair id',
  missingFile: 'Please provide file to upload',
  missingUploadParams: 'Please provide params to upload image',
  // Not in the SPEC.
  notFound: 'Repair not found.',
  damageNotFound: 'Damage not found.',
  notDraft: 'This repair has been submitted and can no longer be changed.',
  incomplete: 'Please complete every step before submitting your repair.',
  unknownProduct: 'This product is not in your order history.',
  unknownIssue: 'Please choose an issue from the list.',
  uploadExpired: 'This upload link has expired or is not valid. Please try again.',
  unknownUpload: 'This photo was not uploaded, or belongs to another customer.',
  tooManyPhotos: 'A damage can have at most 6 photos.',
  unknownCall: 'Unknown repair service call.',
  rateLimited: 'Too many requests. Please try again in a moment.',
  // Paid repairs (issue 13 §6).
  unknownReason: 'Please choose a reason for your request from the list.',
  quoteCovered:
    'The warranty covers this reason for a request: quote 0, or choose the reason the repair is not covered for.',
  noPaymentDue: 'This repair has no payment due.',
  quoteInvalid: 'Please enter the quote in dollars between 0 and 2,000, for example 45.00.',
  quoteNotSubmitted: 'Only a submitted repair can be quoted.',
  quotePaid: 'This repair is paid; its quote can no longer change.',
} as const;

/** A photo larger than the limit: the 413 message (the limit in MB is part of it). */
export function photoTooLargeMessage(maxBytes: number): string {
  return `This photo is larger than ${Math.round(maxBytes / (1024 * 1024))} MB. Please choose a smaller photo.`;
}

/** A photo of more pixels than the limit (decision 085): the 413 message (the limit in megapixels is part of it). */
export function photoPixelsMessage(maxPixels: number): string {
  return `This photo has more than ${Math.round(maxPixels / 1_000_000)} megapixels. Please choose a smaller photo.`;
}

/** A file that is not one of the accepted image types, by its content or its extension, or does not decode as one. */
export const PHOTO_TYPE_MESSAGE = 'Photos must be JPEG, PNG or WebP images.';
