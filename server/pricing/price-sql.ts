/**
 * The SQL twin of `priceFor` (price-rules.ts): the unit price a viewer on a price list pays, as an SQL expression
 * over a product's pricing columns, for the queries that sort and filter by price. Generated from the same rule
 * parameters (sale rule, pro exclusions, group percentages, rounding in basis points) and held to `priceFor` by a
 * parity test on both database engines (test/integration/pricing-parity.test.ts). Every value from outside
 * (group names, product types) is a bound parameter.
 */
import { sql, type SQL } from 'drizzle-orm';
import { basisPoints, NO_PRO_DISCOUNT_TYPES, type PriceList } from './price-rules';

export type PriceColumns = {
  listCents: SQL;
  saleCents: SQL;
  productType: SQL;
  excludeProDiscount: SQL;
  /** jsonb: customer group name → percentage (`pricingFields().groupPercents`). */
  groupPercents: SQL;
};

/** The product's own percentage for the list's group in basis points, or 0 (rule 4's "names the group"). */
function productBasisPoints(list: PriceList, columns: PriceColumns): SQL {
  const value = sql`(${columns.groupPercents} ->> ${list.groupName})`;
  return sql`(case when jsonb_typeof(${columns.groupPercents} -> ${list.groupName}) = 'number'
      and ${value}::numeric > 0 and ${value}::numeric < 100
    then round(${value}::numeric * 100)::int else 0 end)`;
}

/** The integer expression of the price a viewer on `list` pays (rules 1–6). */
export function priceSql(list: PriceList, columns: PriceColumns): SQL {
  const { listCents, saleCents } = columns;
  const saleOrList = sql`(case when ${saleCents} > 0 and ${saleCents} < ${listCents} then ${saleCents} else ${listCents} end)`;
  if (list.kind === 'retail' || list.groupName === null) return saleOrList;
  const groupBp = list.groupPercent > 0 && list.groupPercent < 100 ? basisPoints(list.groupPercent) : 0;
  const productBp = productBasisPoints(list, columns);
  const percent =
    list.kind === 'pro'
      ? sql`(case when ${columns.excludeProDiscount} or ${columns.productType} = any(${sql.param([
          ...NO_PRO_DISCOUNT_TYPES,
        ])}::text[]) then 0 else greatest(${groupBp}::int, ${productBp}) end)`
      : sql`(case when ${productBp} > 0 then greatest(${groupBp}::int, ${productBp}) else 0 end)`;
  return sql`least(${saleOrList}, (case when ${percent} > 0
    then ((${listCents}::bigint * (10000 - ${percent}) + 5000) / 10000)::int else ${listCents} end))`;
}
