import { type ReactNode, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import SearchIcon from '@mui/icons-material/Search';
import { navigation } from '../../shared/navigation';
import { normaliseCity } from '../../shared/preferences/india';
import {
  type Coordinates,
  LOCATION_EVENT,
  loadPrefs,
  PREFS_SAVED_EVENT,
  storedLocation,
} from '../../shared/preferences/storage';
import { GEO_MESSAGES, useGeolocation } from '../../shared/preferences/use-geolocation';
import { type DoctorsResponse, type Region, useGetComplianceInfoQuery, useGetDoctorsQuery } from './reports-api';

interface Whereabouts {
  coords: Coordinates | null;
  city: string;
  state: string;
}

function storedWhereabouts(): Whereabouts {
  const { city, state } = loadPrefs();
  return { coords: storedLocation(), city, state };
}

/** Where to look: the stored city and state, the stored position, kept fresh when either changes. */
function useWhereabouts(): Whereabouts {
  const [where, setWhere] = useState(storedWhereabouts);
  useEffect(() => {
    const refresh = () => setWhere(storedWhereabouts());
    window.addEventListener(LOCATION_EVENT, refresh);
    window.addEventListener(PREFS_SAVED_EVENT, refresh);
    return () => {
      window.removeEventListener(LOCATION_EVENT, refresh);
      window.removeEventListener(PREFS_SAVED_EVENT, refresh);
    };
  }, []);
  return where;
}

/** SPEC §5: the query runs for a report when the region is India, a city is set or a position is known. */
export function canLookUpDoctors(region: Region | undefined, where: Whereabouts): boolean {
  return region === 'IN' || Boolean(where.city) || where.coords !== null;
}

/** SPEC §5: doctors in the preferred city only, with Bengaluru and Bangalore the same place. */
export function doctorsIn(city: string, doctors: DoctorsResponse['doctors']) {
  if (!city) return doctors;
  const wanted = normaliseCity(city);
  return doctors.filter((d) => normaliseCity(d.location) === wanted);
}

function searchUrl(name: string, specialty: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(`${name} ${specialty}`)}`;
}

export interface DoctorsPanelProps {
  /** The selected report, if any. */
  reportId: string | null;
  /** A place the caller already knows; otherwise the stored one is used. */
  location?: Partial<Whereabouts>;
}

/** "Find the right specialists" (SPEC §2): why, which specialties, and doctors nearby. */
export function DoctorsPanel({ reportId, location }: DoctorsPanelProps) {
  const stored = useWhereabouts();
  const where: Whereabouts = { ...stored, ...location };
  const info = useGetComplianceInfoQuery(undefined, { skip: !reportId });
  const geo = useGeolocation();
  const regionKnown = info.isSuccess || info.isError;
  const allowed = canLookUpDoctors(info.data?.detectedRegion, where);
  const doctors = useGetDoctorsQuery(
    {
      id: reportId ?? '',
      latitude: where.coords?.latitude,
      longitude: where.coords?.longitude,
      city: where.city || undefined,
      state: where.state || undefined,
    },
    { skip: !reportId || !allowed },
  );

  let body: ReactNode;
  if (!reportId) {
    body = <Typography color="text.secondary">Select a report to see doctor recommendations</Typography>;
  } else if (!regionKnown && !allowed) {
    body = <Loading />;
  } else if (!allowed) {
    body = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography>We need your location to find nearby doctors</Typography>
        <Button variant="outlined" startIcon={<MyLocationIcon />} onClick={geo.request} disabled={geo.status === 'requesting'}>
          Share Location
        </Button>
        {geo.status !== 'idle' && geo.status !== 'enabled' && (
          <Typography role="status" variant="body2" color={geo.status === 'requesting' ? 'text.secondary' : 'error.main'}>
            {GEO_MESSAGES[geo.status]}
          </Typography>
        )}
      </Stack>
    );
  } else if (doctors.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => navigation.reload()}>
            Retry
          </Button>
        }
      >
        Unable to load doctor recommendations
      </Alert>
    );
  } else if (!doctors.data || doctors.isFetching) {
    body = <Loading />;
  } else {
    body = <Recommended data={doctors.data} city={where.city} />;
  }

  return (
    <Card component="section" id="specialists" sx={{ scrollMarginTop: 80 }}>
      <CardHeader title="Find the right specialists" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>{body}</CardContent>
    </Card>
  );
}

function Loading() {
  return (
    <Stack spacing={1.5} aria-busy="true" aria-label="Loading doctor recommendations" role="progressbar">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={64} />
      ))}
    </Stack>
  );
}

function Recommended({ data, city }: { data: DoctorsResponse; city: string }) {
  const shown = doctorsIn(city, data.doctors);
  return (
    <Stack spacing={2}>
      {data.specialties.length > 0 && (
        <Box>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
            {data.specialties.map((s) => (
              <Chip key={s} label={s} color="primary" variant="outlined" />
            ))}
          </Stack>
          <Typography variant="subtitle2" component="h3">
            Why these specialists?
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.reasoning}
          </Typography>
        </Box>
      )}
      {shown.length === 0 ? (
        <Typography color="text.secondary">No doctors found in your area</Typography>
      ) : (
        <List
          aria-label="Doctors near you"
          tabIndex={0}
          sx={{ maxHeight: '24rem', overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, py: 0 }}
        >
          {shown.map((d) => (
            <ListItem
              key={`${d.name}|${d.address}`}
              divider
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<SearchIcon />}
                  component="a"
                  href={searchUrl(d.name, d.specialty)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Search for ${d.name}`}
                >
                  Search
                </Button>
              }
              sx={{ pr: 14 }}
            >
              <ListItemText
                primary={d.name}
                secondary={
                  <>
                    {d.specialty}
                    {d.address && <><br />{d.address}</>}
                    {d.phone && <><br />{d.phone}</>}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
