import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { workspaceMemberTypeDescriptions, workspaceMemberTypeLabels, type WorkspaceMemberType } from '@tandem/contract';
import { useId, type Ref } from 'react';

/** Props of {@link MemberTypeSelect}. */
export interface MemberTypeSelectProps {
  value: WorkspaceMemberType;
  onChange: (type: WorkspaceMemberType) => void;
  /** The types offered, in order: only those the chooser may give (PRODUCT §6). */
  types: readonly WorkspaceMemberType[];
  /**
   * Types offered but not possible right now, with the reason shown under the option (e.g. the
   * workspace already has an executive). Types the chooser may never give belong out of `types`.
   */
  unavailable?: Partial<Record<WorkspaceMemberType, string>>;
  /** A visible label ("Member type"); without it, `ariaLabel` names the field. */
  label?: string;
  ariaLabel?: string;
  /** Shows the chosen type's description under the field (in a form; not in a table row). */
  showChosenDescription?: boolean;
  /** A validation message, shown instead of the description. */
  error?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  name?: string;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A member-type select whose options each carry their one-line description (issue #8,
 * contract `workspaceMemberTypeDescriptions`) and, when unavailable, the reason in text. The
 * closed field shows the label only. Options are named by their label and described by their
 * description, so "Executive" and "Executive Assistant" stay distinct for assistive technology.
 */
export function MemberTypeSelect({
  value,
  onChange,
  types,
  unavailable = {},
  label,
  ariaLabel,
  showChosenDescription = false,
  error,
  size,
  sx,
  name,
  onBlur,
  inputRef,
}: MemberTypeSelectProps) {
  const baseId = useId();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as WorkspaceMemberType)}
      onBlur={onBlur}
      inputRef={inputRef}
      name={name}
      size={size}
      sx={sx}
      error={Boolean(error)}
      helperText={error ?? (showChosenDescription ? workspaceMemberTypeDescriptions[value] : undefined)}
      slotProps={{
        htmlInput: ariaLabel ? { 'aria-label': ariaLabel } : undefined,
        select: {
          renderValue: (selected) => workspaceMemberTypeLabels[selected as WorkspaceMemberType],
          MenuProps: { slotProps: { paper: { sx: { maxWidth: 380 } } } },
        },
      }}
    >
      {types.map((type) => {
        const reason = unavailable[type];
        const labelId = `${baseId}-${type}-label`;
        const descriptionId = `${baseId}-${type}-description`;
        return (
          <MenuItem
            key={type}
            value={type}
            disabled={Boolean(reason)}
            aria-labelledby={labelId}
            aria-describedby={descriptionId}
            // A disabled option stays legible: its reason is the point (issue #8), so no faded text.
            sx={{ display: 'block', whiteSpace: 'normal', py: 1, '&.Mui-disabled': { opacity: 1 } }}
          >
            <Typography
              id={labelId}
              component="span"
              variant="body2"
              color={reason ? 'text.secondary' : 'text.primary'}
              sx={{ display: 'block', fontWeight: 600 }}
            >
              {workspaceMemberTypeLabels[type]}
            </Typography>
            <Typography
              id={descriptionId}
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', lineHeight: 1.45 }}
            >
              {reason && (
                <Typography component="span" variant="caption" color="text.primary" sx={{ display: 'block', fontWeight: 600 }}>
                  {reason}
                </Typography>
              )}
              {workspaceMemberTypeDescriptions[type]}
            </Typography>
          </MenuItem>
        );
      })}
    </TextField>
  );
}
