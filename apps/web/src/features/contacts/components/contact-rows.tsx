import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Contact } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatContactName, formatContactRole } from '../utils/contact-format';

/** Props of {@link ContactRows}. */
export interface ContactRowsProps {
  contacts: readonly Contact[];
  /** Accessible name of the list. */
  label: string;
  /** A tag was chosen: the list filters by it. */
  onTag: (tag: string) => void;
}

/**
 * People rows of /questions/people (issue #10): each a link to the profile with the name, title and
 * company, email, open requests; the tags below are buttons that filter the list by that tag.
 */
export function ContactRows({ contacts, label, onTag }: ContactRowsProps) {
  return (
    <List aria-label={label} disablePadding sx={{ mx: -1 }}>
      {contacts.map((contact) => {
        const secondary = [formatContactRole(contact), contact.email ?? 'No email'].filter(Boolean).join(' · ');
        return (
          <ListItem key={contact.id} disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              component={RouterLink}
              to={paths.questions.people.detail.getHref(contact.id)}
              sx={{ borderRadius: '12px', px: 1, gap: 1.5 }}
            >
              <ListItemText
                primary={formatContactName(contact)}
                secondary={secondary}
                slotProps={{
                  primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } },
                  secondary: { sx: { overflowWrap: 'anywhere' } },
                }}
              />
              {contact.openRequests > 0 && (
                <Chip size="small" color="warning" variant="outlined" label={`${contact.openRequests} open`} sx={{ flexShrink: 0 }} />
              )}
            </ListItemButton>
            {contact.tags.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, px: 1, pb: 1 }}>
                {contact.tags.map((tag) => (
                  <Chip key={tag} size="small" label={tag} clickable onClick={() => onTag(tag)} aria-label={`Show people tagged ${tag}`} />
                ))}
              </Box>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
