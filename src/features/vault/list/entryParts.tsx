// The pieces cards and rows are made of: the entry's initial and title, a round icon button, a line
// (icon, value, buttons) and the password line whose buttons never move. Plain elements styled by
// ListSurface.
import type { ReactNode } from 'react';
import { MASKED_PASSWORD } from '../../../common/constants';
import { Glyph, type GlyphName } from './glyphs';

const initialOf = (title: string) => title.trim().charAt(0).toUpperCase() || '?';

export interface EntryTitleProps {
  title: string;
  /** The compact row's smaller title. */
  small?: boolean;
  /** Opens the entry's details. */
  onOpen: () => void;
  /** The line under the title (category, login, badges). */
  children: ReactNode;
}

/** The entry's initial and its title, a button that opens its details, with a line beneath. */
export function EntryTitle({ title, small = false, onOpen, children }: EntryTitleProps) {
  return (
    <>
      <span className="pv-avatar" aria-hidden="true">
        {initialOf(title)}
      </span>
      <div className="pv-heading">
        <h2 className="pv-title-heading">
          <button
            type="button"
            className={small ? 'pv-title pv-title-small' : 'pv-title'}
            aria-label={`Show details for ${title}`}
            title={title}
            onClick={onOpen}
          >
            {title}
          </button>
        </h2>
        <span className="pv-meta">{children}</span>
      </div>
    </>
  );
}

export interface IconButtonProps {
  /** The accessible name, also the hover hint: 'Reveal password for GitHub'. */
  label: string;
  glyph: GlyphName;
  onClick: () => void;
  /** For toggles (reveal, favourite): exposed as aria-pressed. */
  pressed?: boolean;
  /** Extra class: 'pv-fav' (a favourite is coloured), 'pv-danger' (delete). */
  tone?: 'pv-fav' | 'pv-danger';
  /** Classes of the list's stylesheet, e.g. 'pv-row-wide' (not on a phone). */
  className?: string;
}

export function IconButton({ label, glyph, onClick, pressed, tone, className }: IconButtonProps) {
  return (
    <button
      type="button"
      className={['pv-btn', tone, className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      <Glyph name={glyph} />
    </button>
  );
}

export function CopyButton({ label, onClick }: { label: string; onClick: () => void }) {
  return <IconButton label={label} glyph="copy" onClick={onClick} />;
}

/** Keeps a button's place while it is not there. */
export const Slot = () => <span className="pv-slot" aria-hidden="true" />;

export interface LineProps {
  glyph: GlyphName;
  /** Read before the value by screen readers; shown too when `showLabel` (a custom field's name). */
  label: string;
  /** The value as shown; empty shows a dash. */
  children: ReactNode;
  /** The full text, as a hover hint (the line cuts it short). */
  hint?: string;
  showLabel?: boolean;
  className?: string;
  /** Buttons at the end of the line. */
  buttons?: ReactNode;
}

export function Line({ glyph, label, children, hint, showLabel = false, className, buttons }: LineProps) {
  const empty = children === '' || children === undefined || children === null;
  return (
    <div className="pv-line">
      <Glyph name={glyph} />
      <span className={['pv-value', empty ? 'pv-empty' : '', className ?? ''].join(' ').trim()} title={hint}>
        {showLabel ? (
          <span className="pv-label">
            {label}
            <span className="pv-sr">:</span>{' '}
          </span>
        ) : (
          <span className="pv-sr">{`${label}: `}</span>
        )}
        {empty ? '—' : children}
      </span>
      {buttons}
    </div>
  );
}

export interface PasswordLineProps {
  title: string;
  /** The password while revealed. */
  password: string | undefined;
  onToggle: () => void;
  onCopy: () => void;
}

/**
 * SPEC's masked password with its eye, and the copy button that appears once revealed. The eye stays
 * where it is whatever the state: copy appears in a place kept for it, to the eye's left, so a second
 * click on the same spot hides the password again instead of copying it.
 */
export function PasswordLine({ title, password, onToggle, onCopy }: PasswordLineProps) {
  const revealed = password !== undefined;
  return (
    <Line
      glyph="lock"
      label="Password"
      className="pv-mono"
      buttons={
        <>
          {revealed ? <CopyButton label={`Copy password for ${title}`} onClick={onCopy} /> : <Slot />}
          <IconButton
            label={`${revealed ? 'Hide' : 'Reveal'} password for ${title}`}
            glyph={revealed ? 'eyeOff' : 'eye'}
            pressed={revealed}
            onClick={onToggle}
          />
        </>
      }
    >
      {revealed ? password : MASKED_PASSWORD}
    </Line>
  );
}
