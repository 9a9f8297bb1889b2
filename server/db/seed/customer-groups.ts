/**
 * Customer groups (SPEC §1, §3, §6) with fixed ids. A group's discount applies to pro-stock lines of
 * pro-app and shed-app users and to products whose `product_discount*` field names the group.
 */
import type { customerGroups } from '../schema';

export type CustomerGroupRow = typeof customerGroups.$inferSelect;

const group = (id: number, name: string, percent: number | null, isGovXUser = false): CustomerGroupRow => ({
  id,
  name,
  isGovXUser,
  discountMethod: percent === null ? null : 'percent',
  discountAmount: percent ?? 0,
});

export const CUSTOMER_GROUPS = [
  group(1, 'Consumer', null),
  group(2, 'Pro Program', 30),
  group(3, 'Shed App', 25),
  group(4, 'Promo Orders', null),
  group(5, 'GovX Military', 15, true),
  group(6, 'GovX First Responders', 15, true),
  group(7, 'VIP 10', 10),
  // Associates of partner companies join the pro program; their subtype comes from their e-mail domain.
  group(8, 'Gore Associate', 30),
  group(9, 'Sitka Associate', 40),
] as const satisfies readonly CustomerGroupRow[];

export type CustomerGroupName = (typeof CUSTOMER_GROUPS)[number]['name'];

export function customerGroupId(name: CustomerGroupName): number {
  return (CUSTOMER_GROUPS.find((candidate) => candidate.name === name) as CustomerGroupRow).id;
}
