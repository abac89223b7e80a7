/*
 * DynamoDB Local, the official emulator of DynamoDBLocal.jar, reachable on
 * 127.0.0.1 only (issue 6, item 5).
 *
 * The jar's own main (ServerRunner) builds a Jetty server with `new
 * Server(port)`: one connector without a host, so it listens on every
 * interface, and no command-line option changes that. This launcher builds
 * the very same server through the jar's own ServerRunner (same command line:
 * -port, -dbPath, -inMemory, -sharedDb, -disableTelemetry, ...; same request
 * handlers), sets the host of its connector to the loopback address before
 * the server starts, and refuses to start when it cannot: it never falls back
 * to every interface.
 *
 * On SIGTERM (or SIGINT/SIGHUP) the shutdown hook stops Jetty and closes the
 * database, as ServerRunner's DynamoDBProxyServer.stop() does.
 *
 * Started by local/dynamodb-local.ts; compiled once per launcher and
 * jar version into node_modules/.cache (or run as a single-file source program).
 */
import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

public final class LoopbackDynamoDBLocal {
    static final String HOST = "127.0.0.1";

    private LoopbackDynamoDBLocal() {}

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable e) {
            // Jetty's threads would keep a half-started JVM alive: end it.
            System.err.println("DynamoDB Local loopback launcher: could not start: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
        Server server = jettyServerOf(proxy);
        Connector[] connectors = server.getConnectors();
        if (connectors.length == 0) fail("the emulator's Jetty server has no connector");
        for (Connector connector : connectors) {
            if (!(connector instanceof ServerConnector)) fail("unexpected connector " + connector.getClass().getName());
            ((ServerConnector) connector).setHost(HOST);
        }

        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                proxy.stop();
            } catch (Exception e) {
                System.err.println("DynamoDB Local: error while stopping: " + e);
            }
        }, "loopback-dynamodb-local-stop"));

        // DynamoDBProxyServer.start() reports a port in use on stderr and stops instead of throwing.
        proxy.start();
        for (Connector connector : server.getConnectors()) {
            ServerConnector c = (ServerConnector) connector;
            if (!c.isOpen() || c.getLocalPort() <= 0 || !HOST.equals(c.getHost())) fail("the server did not start on " + HOST);
            System.out.println("DynamoDB Local listening on " + HOST + ":" + c.getLocalPort() + " only");
        }
        proxy.join();
    }

    /** The Jetty server DynamoDBProxyServer keeps in its private field `server` (DynamoDB Local 1.x). */
    private static Server jettyServerOf(DynamoDBProxyServer proxy) {
        try {
            Field field = DynamoDBProxyServer.class.getDeclaredField("server");
            field.setAccessible(true);
            return (Server) field.get(proxy);
        } catch (ReflectiveOperationException | ClassCastException | SecurityException e) {
            fail("cannot reach the Jetty server inside DynamoDBProxyServer (" + e + "); this DynamoDBLocal.jar is not supported");
            return null;
        }
    }

    private static void fail(String message) {
        System.err.println("DynamoDB Local loopback launcher: " + message + "; not starting, so as not to listen on every interface");
        System.exit(78);
    }
}
