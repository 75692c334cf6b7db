import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Goal, PutGoalBody } from '@shared/seller/seller.schema';
import { apiRequest } from '@web/lib/api-client';
import { sellerKeys } from './seller-keys';

export function getGoals() {
  return apiRequest<{ items: Goal[] }>('/api/seller/goals');
}

export function useGoals() {
  return useQuery({ queryKey: sellerKeys.goals(), queryFn: getGoals });
}

export function putGoal(body: PutGoalBody) {
  return apiRequest<Goal>('/api/seller/goal', { method: 'PUT', body });
}

export function usePutGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putGoal,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sellerKeys.goals() });
      void queryClient.invalidateQueries({ queryKey: sellerKeys.dashboard() });
    },
  });
}
