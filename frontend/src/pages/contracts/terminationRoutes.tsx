import ClusterTerminationPage from './ClusterTerminationPage';

/** The cluster termination routes of §2, one component per mode. */
export const CreateTermination = () => <ClusterTerminationPage mode="create" />;
export const ShowTermination = () => <ClusterTerminationPage mode="show" />;
export const EditTermination = () => <ClusterTerminationPage mode="edit" />;
