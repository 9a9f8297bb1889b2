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

export function ProductDescription({ description }: { description: string }) {
  const paragraphs = description.split(/\n\s*\n/).filter((paragraph) => paragraph.trim().length > 0);
  if (paragraphs.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="product-description">
      <h2 id="product-description" className={styles.heading}>
        Description
      </h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
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
