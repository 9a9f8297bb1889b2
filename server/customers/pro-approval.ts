/**
 * The customer group of an approved pro program application (issue 10 §9): pricing follows the group, so an
 * approved customer moves to the pro program's group, unless the group they are in gives them at least as much
 * (an associate group of a partner company): approval never lowers what a customer's pro prices save them.
 * Pure; table-tested.
 */

export const PRO_PROGRAM_GROUP = 'Pro Program';

export type GroupForApproval = {
  id: number;
  name: string;
  discountMethod: string | null;
  discountAmount: number;
};

const percentOf = (group: GroupForApproval | null) =>
  group && group.discountMethod === 'percent' ? group.discountAmount : 0;

/** The group id the customer has once approved. */
export function groupAfterProApproval(current: GroupForApproval | null, proGroup: GroupForApproval): number {
  if (current && current.id !== proGroup.id && percentOf(current) >= percentOf(proGroup)) return current.id;
  return proGroup.id;
}
