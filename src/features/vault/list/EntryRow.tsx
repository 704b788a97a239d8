import { memo } from 'react';
import { MASKED_PASSWORD } from '../../../common/constants';
import type { PasswordEntry } from '../../../common/wire';
import { healthReasons } from '../passwordHealth';
import { useRevealedSecrets } from '../revealedSecrets';
import type { ListActions } from '../useVaultActions';
import { websiteHref } from '../websiteHref';
import { loginOf } from './EntryCard';
import { CopyButton, EntryTitle, IconButton, Slot } from './entryParts';
import { Glyph } from './glyphs';

export interface EntryRowProps {
  entry: PasswordEntry;
  actions: ListActions;
}

/**
 * One entry on one line (the compact view): icon and title, login, website, and the actions, in the
 * same places on every row. The password is revealed and copied from the row as from a card; the rest
 * (TOTP, fields, notes) is in the details panel the title opens. On a phone, title and login only.
 */
export const EntryRow = memo(function EntryRow({ entry, actions }: EntryRowProps) {
  const secrets = useRevealedSecrets(entry._id);
  const revealed = secrets !== undefined;
  const { title } = entry;
  const { login, label: loginLabel } = loginOf(entry);
  const href = websiteHref(entry.website);
  const reasons = healthReasons(entry.health);
  return (
    <article className={`pv-row pv-cat-${entry.category}`} aria-label={title}>
      <div className="pv-row-title">
        <EntryTitle title={title} small onOpen={() => actions.details(entry)}>
          {/* On a phone the login has no column: it is here, or the password while revealed. */}
          <span className={revealed ? 'pv-row-login pv-mono' : 'pv-row-login'}>
            {revealed ? secrets.password : login}
          </span>
          {entry.isFavorite && (
            <span className="pv-badge">
              <Glyph name="star" />
              <span className="pv-row-wide-text">Favorite</span>
            </span>
          )}
          {reasons.length > 0 && (
            <span className="pv-flag" title={reasons.map((reason) => reason.label).join(' · ')}>
              <Glyph name="warning" />
              <span className="pv-row-wide-text">{reasons[0].label}</span>
            </span>
          )}
        </EntryTitle>
      </div>
      <span className="pv-row-cell pv-row-wide" title={login || undefined}>
        <span className="pv-sr">{`${loginLabel}: `}</span>
        {login || <span className="pv-empty">—</span>}
      </span>
      <span className="pv-row-cell pv-row-wide" title={entry.website || undefined}>
        <span className="pv-sr">Website: </span>
        {href ? (
          <a className="pv-link" href={href} target="_blank" rel="noopener noreferrer">
            {entry.website}
          </a>
        ) : (
          entry.website || <span className="pv-empty">—</span>
        )}
      </span>
      <div className="pv-actions">
        <span className="pv-row-wide pv-row-password pv-mono" aria-hidden={!revealed}>
          {revealed ? secrets.password : MASKED_PASSWORD}
        </span>
        {revealed ? (
          <CopyButton label={`Copy password for ${title}`} onClick={() => actions.copyPassword(entry)} />
        ) : (
          <Slot />
        )}
        <IconButton
          label={`${revealed ? 'Hide' : 'Reveal'} password for ${title}`}
          glyph={revealed ? 'eyeOff' : 'eye'}
          pressed={revealed}
          onClick={() => actions.toggleReveal(entry)}
        />
        {/* On a phone these three are in the details the title opens: the row keeps room for the title. */}
        <IconButton
          label={entry.isFavorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
          glyph={entry.isFavorite ? 'star' : 'starOutline'}
          pressed={entry.isFavorite}
          tone="pv-fav"
          className="pv-row-wide"
          onClick={() => actions.toggleFavorite(entry)}
        />
        <IconButton
          label={`Edit ${title}`}
          glyph="edit"
          className="pv-row-wide"
          onClick={() => actions.edit(entry)}
        />
        <IconButton
          label={`Delete ${title}`}
          glyph="delete"
          tone="pv-danger"
          className="pv-row-wide"
          onClick={() => actions.remove(entry)}
        />
      </div>
    </article>
  );
});
