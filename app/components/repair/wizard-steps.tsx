/**
 * The wizard's three steps (SPEC §2): a link to each reachable step, the current one marked, and the steps that
 * are not reachable yet shown disabled (no link to follow; their URL redirects as well).
 */
import { Link } from '@remix-run/react';
import type { WizardStep, WizardStepId } from '../../../server/repairs/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import * as styles from './repair.css';

export function WizardSteps({ steps, current }: { steps: WizardStep[]; current: WizardStepId }) {
  return (
    <nav aria-label="Repair steps">
      <ol className={styles.steps}>
        {steps.map((step) => {
          const label = `${step.number}. ${step.title}`;
          if (step.id === current)
            return (
              <li key={step.id}>
                <span className={styles.stepCurrent} aria-current="step">
                  {label}
                </span>
              </li>
            );
          return (
            <li key={step.id}>
              {step.enabled ? (
                <Link to={step.path} className={styles.step}>
                  {label}
                  {step.complete ? <span className={visuallyHidden}> (complete)</span> : null}
                </Link>
              ) : (
                <span className={styles.stepDisabled} aria-disabled="true">
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The heading of a step: "Repair request" and the step's subtitle. */
export function StepHeading({ step }: { step: WizardStep }) {
  return (
    <>
      <h1 className={styles.heading}>Request a repair</h1>
      <h2 className={styles.subtitle}>{step.subtitle}</h2>
    </>
  );
}
