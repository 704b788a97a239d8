import { memo } from 'react';
import type { PasswordEntry } from '../../../common/wire';
import { useRevealedSecrets } from '../revealedSecrets';
import type { ListActions } from '../useVaultActions';
import { EntryFields } from './EntryFields';
import { EntryHealth } from './EntryHealth';
import { EntryTotp } from './EntryTotp';
import { CopyButton, EntryTitle, IconButton, Line, PasswordLine, Slot } from './entryParts';
import { Glyph } from './glyphs';
import { websiteHref } from '../websiteHref';

export interface EntryCardProps {
  entry: PasswordEntry;
  actions: ListActions;
}

/** The first letter of a title, for its avatar. */
/** The login a card shows: the e-mail or username field, else the username. */
export function loginOf(entry: PasswordEntry): { login: string; label: 'Email' | 'Username' } {
  const login = entry.email || entry.username;
  return { login, label: login.includes('@') ? 'Email' : 'Username' };
}

/**
 * One vault entry: SPEC section 2's card. Its buttons keep their places (favourite, edit and delete
 * in the head; copy and the eye at the end of the password line), its height follows from its data
 * (entryLayout.ts), and every button says what it does and to which entry.
 */
export const EntryCard = memo(function EntryCard({ entry, actions }: EntryCardProps) {
  const secrets = useRevealedSecrets(entry._id);
  const { title } = entry;
  const { login, label: loginLabel } = loginOf(entry);
  const href = websiteHref(entry.website);
  return (
    <article className={`pv-card pv-cat-${entry.category}`} aria-label={title}>
      <div className="pv-head">
        <EntryTitle title={title} onOpen={() => actions.details(entry)}>
          <span className="pv-category">{entry.category}</span>
          {entry.isFavorite && (
            <span className="pv-badge">
              <Glyph name="star" />
              Favorite
            </span>
          )}
        </EntryTitle>
        <div className="pv-actions">
          <IconButton
            label={entry.isFavorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
            glyph={entry.isFavorite ? 'star' : 'starOutline'}
            pressed={entry.isFavorite}
            tone="pv-fav"
            onClick={() => actions.toggleFavorite(entry)}
          />
          <IconButton label={`Edit ${title}`} glyph="edit" onClick={() => actions.edit(entry)} />
          <IconButton
            label={`Delete ${title}`}
            glyph="delete"
            tone="pv-danger"
            onClick={() => actions.remove(entry)}
          />
        </div>
      </div>
      <Line
        glyph="globe"
        label="Website"
        hint={entry.website || undefined}
        buttons={
          entry.website ? (
            <CopyButton
              label={`Copy website for ${title}`}
              onClick={() => actions.copyField('Website', entry.website)}
            />
          ) : (
            <Slot />
          )
        }
      >
        {href ? (
          <a className="pv-link" href={href} target="_blank" rel="noopener noreferrer">
            {entry.website}
          </a>
        ) : (
          entry.website
        )}
      </Line>
      <Line
        glyph="person"
        label={loginLabel}
        hint={login || undefined}
        buttons={
          login ? (
            <CopyButton
              label={`Copy ${loginLabel.toLowerCase()} for ${title}`}
              onClick={() => actions.copyField(loginLabel, login)}
            />
          ) : (
            <Slot />
          )
        }
      >
        {login}
      </Line>
      <PasswordLine
        title={title}
        password={secrets?.password}
        onToggle={() => actions.toggleReveal(entry)}
        onCopy={() => actions.copyPassword(entry)}
      />
      {entry.hasTotp && (
        <EntryTotp title={title} totp={secrets?.totp} onCopy={() => actions.copyTotp(entry)} />
      )}
      <EntryFields entry={entry} revealed={secrets?.fields} actions={actions} />
      <EntryHealth entry={entry} onRenew={actions.renewPassword} />
    </article>
  );
});
