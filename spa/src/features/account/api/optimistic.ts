import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A PUT of one of my settings, shown at once: `apply` makes the cached value as the input will
 * leave it; a failure puts the previous one back, and the answer replaces it on success
 * (`saved` then refreshes what else depends on it).
 */
export function useOptimisticSave<TInput, TValue>(key: QueryKey, put: (input: TInput) => Promise<TValue>, apply: (previous: TValue, input: TInput) => TValue, saved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: put,
    onMutate: async (input: TInput) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TValue>(key);
      if (previous) queryClient.setQueryData<TValue>(key, apply(previous, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (value) => {
      queryClient.setQueryData(key, value);
      saved?.();
    },
  });
}
