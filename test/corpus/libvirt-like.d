provider virtish {
	# file: src/util/eventloop.c
	# prefix: event_loop
	probe event_loop_add_handle(int watch, int fd, int events, void *cb, void *opaque, void *ff);
	probe event_loop_update_handle(int watch, int events);
	probe event_loop_remove_handle(int watch);
	probe event_loop_dispatch_handle(int watch, int events);

	# file: src/util/objects.c
	# prefix: object
	probe object_new(void *obj, const char *klassname);
	probe object_ref(void *obj);
	probe object_unref(void *obj);

	# file: src/rpc/netclient.c
	# prefix: rpc
	probe rpc_client_new(void *client, int refs, void *sock);
	probe rpc_client_msg_tx_queue(void *client, void *msg, int len, int prog, int vers, int proc, int type, int status);
	probe rpc_client_msg_rx(void *client, void *msg, int len, int prog, int vers, int proc,
	                        int type, int status, int serial);

	# file: src/rpc/netsocket.c
	# prefix: rpc
	probe rpc_socket_new(void *sock, int fd, int errfd, pid_t pid, const char *localAddr, const char *remoteAddr);
	probe rpc_socket_dispose(void *sock);
};
