import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { WriteIconButton } from '@portal/plugin-sdk/web/read-only';
import { useTranslation } from 'react-i18next';
import type { ClusterSummary } from '../../../api/clusters';
import { useSetClusterFavouriteMutation } from '../../../api/customers';
import { useAppDispatch } from '../../../store';
import { callFailed } from '../../../ui/notify';

/** The star of a cluster on the overview (§2 favourites, per user). */
export function FavouriteButton({ cluster }: { cluster: ClusterSummary }) {
  const { t } = useTranslation('customers');
  const dispatch = useAppDispatch();
  const [setFavourite, { isLoading }] = useSetClusterFavouriteMutation();
  const label = t(cluster.favourite ? 'overview.unstar' : 'overview.star', { name: cluster.name });
  return (
    <WriteIconButton
      size="small"
      aria-label={label}
      aria-pressed={cluster.favourite}
      title={label}
      disabled={isLoading}
      onClick={async () => {
        const r = await setFavourite({ clusterId: cluster.id, favourite: !cluster.favourite });
        if ('error' in r) {
          const notice = callFailed(r.error);
          if (notice) dispatch(notice);
        }
      }}
    >
      {cluster.favourite ? <Star fontSize="small" color="warning" /> : <StarBorder fontSize="small" />}
    </WriteIconButton>
  );
}
