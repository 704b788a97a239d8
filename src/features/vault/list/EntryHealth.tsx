import type { HealthFilterName, PasswordEntry } from '../../../common/wire';
import { healthReasons } from '../passwordHealth';
import { Glyph, type GlyphName } from './glyphs';

const GLYPHS: Record<HealthFilterName, GlyphName> = { weak: 'warning', reused: 'repeat', old: 'clock' };

export interface EntryHealthProps {
  entry: PasswordEntry;
  onRenew: (entry: PasswordEntry) => void;
}

/** Why a flagged entry's password needs care, and the one click that replaces it. Nothing when healthy. */
export function EntryHealth({ entry, onRenew }: EntryHealthProps) {
  const reasons = healthReasons(entry.health);
  if (reasons.length === 0) return null;
  return (
    <div className="pv-health">
      <ul
        className="pv-reasons"
        aria-label={`Password health of ${entry.title}`}
        title={reasons.map((reason) => reason.label).join(' · ')}
      >
        {reasons.map(({ kind, label }) => (
          <li key={kind} className={`pv-reason pv-reason-${kind}`}>
            <Glyph name={GLYPHS[kind]} />
            <span className="pv-reason-text">{label}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="pv-text-btn"
        aria-label={`Generate new password for ${entry.title}`}
        title="New password"
        onClick={() => onRenew(entry)}
      >
        <Glyph name="renew" />
        <span className="pv-renew-text">New password</span>
      </button>
    </div>
  );
}
