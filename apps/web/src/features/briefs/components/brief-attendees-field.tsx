import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { BRIEF_ATTENDEES_MAX, type BriefAttendee, type Member } from '@tandem/contract';
import { useMemo } from 'react';
import { compareText } from '@/lib/compare-text';

/** Props of {@link BriefAttendeesField}. */
export interface BriefAttendeesFieldProps {
  /** Member ids, in order. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** The workspace's members; only ACTIVE ones can be added (contract CreateBriefBodySchema). */
  members: readonly Member[];
  /** The brief's attendees as the server named them, for ids no longer in `members`. */
  known: readonly BriefAttendee[];
  size?: 'small' | 'medium';
}

interface Option {
  id: string;
  name: string;
}

/** Who attends the meeting (issue #9: attendees are members for now): a multiple choice of the active members, by name. */
export function BriefAttendeesField({ value, onChange, members, known, size }: BriefAttendeesFieldProps) {
  const options = useMemo<Option[]>(
    () =>
      members
        .filter((member) => member.status === 'ACTIVE')
        .map((member) => ({ id: member.id, name: `${member.firstName} ${member.lastName}` }))
        .sort((a, b) => compareText(a.name, b.name)),
    [members],
  );
  const names = useMemo(() => {
    const byId = new Map(known.map((attendee) => [attendee.id, `${attendee.firstName} ${attendee.lastName}`]));
    for (const option of options) byId.set(option.id, option.name);
    return byId;
  }, [known, options]);
  const selected = value.map((id) => ({ id, name: names.get(id) ?? 'Former member' }));
  return (
    <Autocomplete
      multiple
      size={size}
      options={options}
      value={selected}
      isOptionEqualToValue={(option, item) => option.id === item.id}
      getOptionLabel={(option) => option.name}
      getOptionDisabled={() => value.length >= BRIEF_ATTENDEES_MAX}
      filterSelectedOptions
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      renderValue={(items, getItemProps) =>
        items.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.name} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label="Attendees" placeholder={value.length === 0 ? 'Add people from the workspace' : undefined} />
      )}
    />
  );
}
