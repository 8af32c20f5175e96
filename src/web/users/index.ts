// The users feature's public surface: other features and the app shell import only from here.
export { UsersPage } from '@/users/components/users-page';
export { invalidateUsers, userKeys } from '@/users/api/user-keys';
