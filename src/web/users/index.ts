// The users feature's public surface: other features and the app shell import only from here.
export { UsersPage } from '@/users/components/users-page';
export { invalidateUsers, userKeys } from '@/users/api/user-keys';
// The first visit's route data (src/web/app/route-queries) starts the list's query before the page loads.
export { usersQueryOptions } from '@/users/api/get-users';
