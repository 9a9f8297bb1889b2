/**
 * SPEC §3 "Repair userInfo prefill" for a shopper without an account (issue 10 §4, issue 13 §1; decision 047):
 * what they gave on the warranty page, kept in the signed `repair_user_info` cookie for an hour. Sign-up reads it
 * for its default values (SPEC §5 "Sign-up values prefill from repair info when empty") and saves its address as
 * the new account's default (the repair wizard's return address comes from there).
 */
import { z } from 'zod';
import type { RepairUserInfoPrefill } from '../customers/index.server';
import {
  clearCookieHeaders,
  parseCookieHeader,
  readJsonCookie,
  setJsonCookieHeader,
  type CookieOptions,
} from '../web/cookies.server';

const text = (max: number) => z.string().max(max);

/** What a cookie must hold to be used: anything else (an old shape, a tampered value) reads as none. */
const repairUserInfoSchema = z.object({
  first_name: text(50),
  last_name: text(50),
  phone: text(14),
  email: text(254),
  address1: text(100),
  address2: text(100),
  city: text(100),
  country: z.enum(['US', 'CA']),
  postal_code: text(100),
  state_or_province: text(100),
}) satisfies z.ZodType<RepairUserInfoPrefill>;

export type RepairUserInfo = z.output<typeof repairUserInfoSchema>;

export function repairUserInfoCookie(info: RepairUserInfo, options: CookieOptions): string {
  return setJsonCookieHeader('repairUserInfo', repairUserInfoSchema.parse(info), options);
}

export function readRepairUserInfo(
  cookieHeader: string | null,
  options: CookieOptions,
): RepairUserInfo | null {
  const value = readJsonCookie<unknown>(parseCookieHeader(cookieHeader), 'repairUserInfo', options);
  const parsed = repairUserInfoSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function clearRepairUserInfo(options: { secure: boolean }): string[] {
  return clearCookieHeaders('repairUserInfo', options);
}
