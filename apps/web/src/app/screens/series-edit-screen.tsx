import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CoauthorsPanel } from '../../features/coauthors/coauthors-panel';
import { seriesKeys } from '../../features/series/api/keys';
import { EditSeriesPage } from '../../features/series/edit-series-page';

/** /series/edit/{id}: the series form, with the series' co-authors (to invite, remove or leave) under it. */
export function SeriesEditScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EditSeriesPage
      renderCoauthors={({ series, post }) => (
        <CoauthorsPanel
          key={post.id}
          post={post}
          onChanged={() => queryClient.invalidateQueries({ queryKey: seriesKeys.all })}
          onLeft={async () => {
            // No longer a contributor: the series page if readers may see it, else the list of series.
            void navigate(post.published ? `/series/${series.id}` : '/series');
            await queryClient.invalidateQueries({ queryKey: seriesKeys.all });
          }}
        />
      )}
    />
  );
}
