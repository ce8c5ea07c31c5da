import Box from '@mui/material/Box';
import { useGetPublicConfigQuery } from '../api/public-config';

export interface AdFrameProps {
  slot?: string;
  client?: string;
  width?: number;
  height?: number;
}

/** The sidebar ad frame; shows nothing unless both slot and client are known (SPEC §7). */
export function AdFrame({ slot, client, width = 300, height = 600 }: AdFrameProps) {
  const needConfig = !slot || !client;
  const { data } = useGetPublicConfigQuery(undefined, { skip: !needConfig });
  // On failure the supplied values are kept.
  const s = slot ?? data?.adsenseSidebarSlot ?? undefined;
  const c = client ?? data?.adsenseClientId ?? undefined;
  if (!s || !c) return null;
  const src = `/ads/sidebar?${new URLSearchParams({ slot: s, client: c, w: String(width), h: String(height) })}`;
  return (
    <Box component="iframe" title="Advertisement" src={src} width={width} height={height} sx={{ border: 0, display: 'block' }} />
  );
}
