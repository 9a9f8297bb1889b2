import * as styles from './product-details.css';

/** Custom fields shown to shoppers, with their labels; the others (badge windows, discounts) are internal. */
const SHOWN_FIELDS = [
  ['gender', 'Gender'],
  ['product_type', 'Product type'],
] as const;

export function TechnologyBadges({ badges }: { badges: string[] }) {
  if (badges.length === 0) return null;
  return (
    <ul role="list" className={styles.badges} aria-label="Technologies">
      {badges.map((badge) => (
        <li key={badge} className={styles.badge}>
          {badge}
        </li>
      ))}
    </ul>
  );
}

/**
 * A description is plain text in blocks separated by blank lines. A block whose first line is a short title
 * ("Features", "Care") is a sub-section under that title; lines starting "- " are a list.
 */
export function ProductDescription({ description }: { description: string }) {
  const blocks = description
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0);
  if (blocks.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="product-description">
      <h2 id="product-description" className={styles.heading}>
        Description
      </h2>
      {blocks.map((block, index) => (
        <DescriptionBlock key={index} block={block} />
      ))}
    </section>
  );
}

const BLOCK_TITLE = /^[A-Z][A-Za-z ]{0,30}$/;

function DescriptionBlock({ block }: { block: string }) {
  const [first = '', ...rest] = block.split('\n').map((line) => line.trim());
  if (rest.length === 0 || !BLOCK_TITLE.test(first)) return <p>{block}</p>;
  const items = rest.every((line) => line.startsWith('- '));
  return (
    <div className={styles.subsection}>
      <h3 className={styles.subheading}>{first}</h3>
      {items ? (
        <ul className={styles.list}>
          {rest.map((line, index) => (
            <li key={index}>{line.slice(2)}</li>
          ))}
        </ul>
      ) : (
        <p>{rest.join(' ')}</p>
      )}
    </div>
  );
}

export function ProductFacts({
  customFields,
  technologyBadges,
}: {
  customFields: Record<string, string>;
  technologyBadges: string[];
}) {
  const facts = SHOWN_FIELDS.flatMap(([name, label]) =>
    customFields[name] ? [{ label, value: customFields[name] }] : [],
  );
  if (facts.length === 0 && technologyBadges.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="product-details">
      <h2 id="product-details" className={styles.heading}>
        Details
      </h2>
      <dl className={styles.facts}>
        {facts.map((fact) => (
          <div key={fact.label} className={styles.row}>
            <dt className={styles.term}>{fact.label}</dt>
            <dd className={`${styles.value} ${styles.capitalized}`}>{fact.value}</dd>
          </div>
        ))}
        {technologyBadges.length > 0 ? (
          <div className={styles.row}>
            <dt className={styles.term}>Technologies</dt>
            <dd className={styles.value}>{technologyBadges.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
